import 'reflect-metadata';
import { Secret, TOTP } from 'otpauth';
import { AuthSession, IdentityCommands, isMfaChallenge, PasskeyErrorCodes, PasskeyMessages, RequestMeta, SecuritySettings } from '@portal/contracts';
import { actorOf, confirmedCustomer, failure, IdentityHarness, setSecuritySettings, signedInAdmin, startIdentity, TEST_WEB_URL } from '../testing/identity-harness';
import { SoftwareAuthenticator } from '../testing/software-authenticator';
import { PasskeyChallenges } from './passkey-challenges';

describe('passkeys', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_passkeys');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  let lastHost = 0;
  const meta = (): Partial<RequestMeta> => ({ clientIp: `198.51.100.${++lastHost}`, userAgent: 'passkey-browser/1.0' });
  const as = (session: AuthSession) => ({ actor: actorOf(harness, session), ...meta() });
  const signInOptions = async () => (await harness.client.send(IdentityCommands.passkeySignInOptions, {})).publicKey;
  const signInWith = (credential: ReturnType<SoftwareAuthenticator['get']>, requestMeta: Partial<RequestMeta> = meta()) =>
    harness.client.send(IdentityCommands.signInWithPasskey, { credential }, requestMeta);
  const auditActions = async (userId: string) =>
    (await harness.database.query(`SELECT action_type FROM identity.audit_logs WHERE target_id = $1 ORDER BY created_at`, [userId])).rows.map((row: { action_type: string }) => row.action_type);
  const storedPasskey = async (userId: string) => (await harness.database.query('SELECT counter, last_used_at FROM identity.passkeys WHERE user_id = $1', [userId])).rows[0];
  const setSecurity = (value: Partial<SecuritySettings> | null) => setSecuritySettings(harness, value);

  /** A signed-in customer with one passkey registered on a software authenticator. */
  async function customerWithPasskey(name = 'Work laptop') {
    const { form, session } = await confirmedCustomer(harness);
    const authenticator = new SoftwareAuthenticator(TEST_WEB_URL);
    const { publicKey } = await harness.client.send(IdentityCommands.passkeyRegistrationOptions, {}, as(session));
    const passkey = await harness.client.send(IdentityCommands.registerPasskey, { name, credential: authenticator.create(publicKey) }, as(session));
    return { form, session, authenticator, passkey };
  }

  it('registers a discoverable passkey, signs in with it alone and moves its counter on', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const authenticator = new SoftwareAuthenticator(TEST_WEB_URL);
    const { publicKey } = await harness.client.send(IdentityCommands.passkeyRegistrationOptions, {}, as(session));
    expect(publicKey).toMatchObject({
      rp: { id: 'portal.test' },
      user: { name: form.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });

    const added = await harness.client.send(IdentityCommands.registerPasskey, { name: 'Work laptop', credential: authenticator.create(publicKey) }, as(session));
    expect(added).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    expect(await harness.client.send(IdentityCommands.listPasskeys, {}, as(session))).toEqual({ items: [added] });
    expect(await auditActions(session.user.id)).toContain('passkey_added');

    const options = await signInOptions();
    // Discoverable: the browser is told of no credential, and nobody is named.
    expect(options.allowCredentials).toEqual([]);
    expect(options).toMatchObject({ rpId: 'portal.test', userVerification: 'required' });
    const signedIn = await signInWith(authenticator.get(options));
    expect(signedIn.user).toMatchObject({ id: session.user.id, email: form.email });
    expect(harness.verifyAccessToken(signedIn.accessToken).sub).toBe(session.user.id);
    // A real session: it refreshes.
    await expect(harness.client.send(IdentityCommands.refreshSession, { refreshToken: signedIn.refreshToken })).resolves.toMatchObject({ user: { id: session.user.id } });

    const afterFirst = await storedPasskey(session.user.id);
    expect(Number(afterFirst.counter)).toBe(1);
    expect(afterFirst.last_used_at).not.toBeNull();
    await signInWith(authenticator.get(await signInOptions()));
    expect(Number((await storedPasskey(session.user.id)).counter)).toBe(2);
    const [listed] = (await harness.client.send(IdentityCommands.listPasskeys, {}, as(session))).items;
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion, a challenge that was never issued or has expired, and a counter that went back', async () => {
    const { session, authenticator } = await customerWithPasskey();
    const assertion = authenticator.get(await signInOptions());
    await signInWith(assertion);
    // The same answer again: its challenge is used up.
    expect(await failure(signInWith(assertion))).toMatchObject({ statusCode: 401, code: PasskeyErrorCodes.challengeExpired, message: PasskeyMessages.challengeExpired });

    // A challenge we never issued.
    const forged = authenticator.get({ ...(await signInOptions()), challenge: Buffer.from('not-our-challenge-at-all-0123456789').toString('base64url') });
    expect(await failure(signInWith(forged))).toMatchObject({ statusCode: 401, code: PasskeyErrorCodes.challengeExpired });

    // An issued challenge answered after its time.
    const options = await signInOptions();
    const challenges = harness.service.get(PasskeyChallenges);
    const key = challenges.key('sign-in', options.challenge as string);
    const stored = JSON.parse((await harness.redis.get(key)) as string);
    await harness.redis.set(key, JSON.stringify({ ...stored, expiresAtMs: Date.now() - 1 }), 'EX', 60);
    expect(await failure(signInWith(authenticator.get(options)))).toMatchObject({ statusCode: 401, code: PasskeyErrorCodes.challengeExpired });

    // A registration challenge does not sign anyone in.
    const registration = (await harness.client.send(IdentityCommands.passkeyRegistrationOptions, {}, as(session))).publicKey;
    expect(await failure(signInWith(authenticator.get({ challenge: registration.challenge })))).toMatchObject({ statusCode: 401, code: PasskeyErrorCodes.challengeExpired });

    // A cloned authenticator: its counter is behind the one we saw.
    const cloned = authenticator.get(await signInOptions(), { counter: 1 });
    expect(await failure(signInWith(cloned))).toMatchObject({ statusCode: 401, code: PasskeyErrorCodes.verificationFailed });
    expect(await auditActions(session.user.id)).toContain('sign_in_failed');
  });

  it('refuses an assertion from another origin, without user verification, or signed by another key', async () => {
    const { authenticator } = await customerWithPasskey();
    expect(await failure(signInWith(authenticator.get(await signInOptions(), { origin: 'http://evil.test' })))).toMatchObject({ statusCode: 401 });
    expect(await failure(signInWith(authenticator.get(await signInOptions(), { userVerified: false })))).toMatchObject({
      statusCode: 401,
      code: PasskeyErrorCodes.userVerificationRequired,
    });

    // Another authenticator claiming this credential id: its signature does not verify.
    const impostor = new SoftwareAuthenticator(TEST_WEB_URL);
    const { session: other } = await confirmedCustomer(harness);
    impostor.create((await harness.client.send(IdentityCommands.passkeyRegistrationOptions, {}, as(other))).publicKey);
    const own = authenticator.get(await signInOptions());
    const forged = impostor.get({ challenge: JSON.parse(Buffer.from(own.response.clientDataJSON, 'base64url').toString()).challenge });
    expect(await failure(signInWith({ ...forged, id: own.id, rawId: own.id, response: { ...forged.response, userHandle: own.response.userHandle } }))).toMatchObject({
      statusCode: 401,
      code: PasskeyErrorCodes.verificationFailed,
    });
  });

  it('refuses another user’s credential and a credential nobody registered', async () => {
    const alice = await customerWithPasskey();
    const bob = await customerWithPasskey();
    // Bob's passkey presented under Alice's account handle.
    const bobs = bob.authenticator.get(await signInOptions());
    expect(await failure(signInWith({ ...bobs, response: { ...bobs.response, userHandle: alice.authenticator.get(await signInOptions()).response.userHandle } }))).toMatchObject({
      statusCode: 401,
      code: PasskeyErrorCodes.notRecognised,
    });
    // Bob cannot rename or remove Alice's passkey: as if it did not exist.
    expect(await failure(harness.client.send(IdentityCommands.renamePasskey, { passkeyId: alice.passkey.id, name: 'Mine now' }, as(bob.session)))).toMatchObject({
      statusCode: 404,
      code: PasskeyErrorCodes.notFound,
    });
    expect(await failure(harness.client.send(IdentityCommands.removePasskey, { passkeyId: alice.passkey.id }, as(bob.session)))).toMatchObject({ statusCode: 404 });
    expect((await harness.client.send(IdentityCommands.listPasskeys, {}, as(alice.session))).items).toEqual([expect.objectContaining({ id: alice.passkey.id, name: 'Work laptop' })]);

    // A passkey made on the authenticator for this site but never registered with us.
    const { session: carol } = await confirmedCustomer(harness);
    const stranger = new SoftwareAuthenticator(TEST_WEB_URL);
    stranger.create((await harness.client.send(IdentityCommands.passkeyRegistrationOptions, {}, as(carol))).publicKey);
    expect(await failure(signInWith(stranger.get(await signInOptions())))).toMatchObject({ statusCode: 401, code: PasskeyErrorCodes.notRecognised });
  });

  it('refuses a registration answering another account’s challenge, and a name that is blank', async () => {
    const { session: alice } = await confirmedCustomer(harness);
    const { session: bob } = await confirmedCustomer(harness);
    const authenticator = new SoftwareAuthenticator(TEST_WEB_URL);
    const alicesOptions = (await harness.client.send(IdentityCommands.passkeyRegistrationOptions, {}, as(alice))).publicKey;
    expect(await failure(harness.client.send(IdentityCommands.registerPasskey, { name: 'Stolen', credential: authenticator.create(alicesOptions) }, as(bob)))).toMatchObject({
      statusCode: 401,
      code: PasskeyErrorCodes.challengeExpired,
    });
    expect(
      await failure(harness.client.send(IdentityCommands.registerPasskey, { name: '   ', credential: authenticator.create((await harness.client.send(IdentityCommands.passkeyRegistrationOptions, {}, as(bob))).publicKey) }, as(bob))),
    ).toMatchObject({ statusCode: 400, message: PasskeyMessages.nameRequired });
    expect((await harness.client.send(IdentityCommands.listPasskeys, {}, as(bob))).items).toEqual([]);
  });

  it('renames and removes a passkey: removed, it signs in no more; both are on record', async () => {
    const { session, authenticator, passkey } = await customerWithPasskey();
    await expect(harness.client.send(IdentityCommands.renamePasskey, { passkeyId: passkey.id, name: '  Phone  ' }, as(session))).resolves.toMatchObject({ id: passkey.id, name: 'Phone' });
    await harness.client.send(IdentityCommands.removePasskey, { passkeyId: passkey.id }, as(session));
    expect((await harness.client.send(IdentityCommands.listPasskeys, {}, as(session))).items).toEqual([]);
    expect(await failure(signInWith(authenticator.get(await signInOptions())))).toMatchObject({ statusCode: 401, code: PasskeyErrorCodes.notRecognised });
    expect(await failure(harness.client.send(IdentityCommands.removePasskey, { passkeyId: passkey.id }, as(session)))).toMatchObject({ statusCode: 404 });
    expect(await auditActions(session.user.id)).toEqual(expect.arrayContaining(['passkey_added', 'passkey_removed']));
  });

  it('asks no code of a customer with two-factor on, nor of an admin who must use two-factor', async () => {
    const { form, session, authenticator } = await customerWithPasskey();
    const enrolment = await harness.client.send(IdentityCommands.startTwoFactorEnrolment, {}, as(session));
    await harness.client.send(IdentityCommands.confirmTwoFactor, { code: new TOTP({ secret: Secret.fromBase32(enrolment.secret) }).generate() }, as(session));
    expect(isMfaChallenge(await harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password }, meta()))).toBe(true);
    await expect(signInWith(authenticator.get(await signInOptions()))).resolves.toMatchObject({ accessToken: expect.any(String), user: { id: session.user.id } });

    const admin = await signedInAdmin(harness, 'admin');
    const adminKey = new SoftwareAuthenticator(TEST_WEB_URL);
    const options = (await harness.client.send(IdentityCommands.passkeyRegistrationOptions, {}, { actor: admin.actor })).publicKey;
    await harness.client.send(IdentityCommands.registerPasskey, { name: 'Security key', credential: adminKey.create(options) }, { actor: admin.actor });
    await setSecurity({ requireAdminMfa: true });
    try {
      expect(isMfaChallenge(await harness.client.send(IdentityCommands.signIn, admin.input, meta()))).toBe(true);
      const signedIn = await signInWith(adminKey.get(await signInOptions()));
      expect(signedIn.user).toMatchObject({ email: admin.input.email, userType: 'admin' });
    } finally {
      await setSecurity(null);
    }
  });

  it('refuses a suspended account after a valid assertion, and counts refused assertions against the sign-in limits', async () => {
    const { session, authenticator } = await customerWithPasskey();
    const admin = await signedInAdmin(harness);
    await harness.client.as(admin.actor).send(IdentityCommands.suspendUser, { userId: session.user.id });
    expect(await failure(signInWith(authenticator.get(await signInOptions())))).toMatchObject({ statusCode: 403, code: 'account_suspended' });

    const other = await customerWithPasskey();
    const from = meta();
    // Five refused assertions (no user verification) from one address lock the account there.
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await failure(signInWith(other.authenticator.get(await signInOptions(), { userVerified: false }), from))).toMatchObject({ statusCode: 401 });
    }
    expect(await failure(signInWith(other.authenticator.get(await signInOptions()), from))).toMatchObject({ statusCode: 429 });
    // Another address still gets in.
    await expect(signInWith(other.authenticator.get(await signInOptions()))).resolves.toMatchObject({ user: { id: other.session.user.id } });
  });
});
