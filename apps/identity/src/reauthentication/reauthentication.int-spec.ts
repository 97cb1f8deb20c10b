import 'reflect-metadata';
import { Secret, TOTP } from 'otpauth';
import { AuthSession, IdentityCommands, ReauthenticationErrorCodes, ReauthenticationMessages } from '@portal/contracts';
import { actorOf, confirmedCustomer, failure, IdentityHarness, sessionOf, startIdentity, TEST_WEB_URL } from '../testing/identity-harness';
import { SoftwareAuthenticator } from '../testing/software-authenticator';

function codeFor(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

describe('confirming it is you again (reauthentication)', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_reauthentication');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  const as = (session: AuthSession) => ({ actor: actorOf(harness, session), clientIp: '198.51.100.7', userAgent: 'reauth-browser/1.0' });
  const proofOf = (session: AuthSession) => {
    const { userId, sessionId } = actorOf(harness, session);
    return harness.client.send(IdentityCommands.signInProof, { userId, sessionId });
  };
  /** Moves the session's proof back in time, as if it were given `minutes` ago. */
  const ageProof = (session: AuthSession, minutes: number) =>
    harness.database.query(`UPDATE identity.sign_in_proofs SET proved_at = proved_at - make_interval(mins => $2) WHERE session_id = $1`, [actorOf(harness, session).sessionId, minutes]);
  const reauthenticate = (session: AuthSession, proof: Record<string, unknown>) => harness.client.send(IdentityCommands.reauthenticate, proof, as(session));
  const signIn = async (email: string, password: string) => sessionOf(await harness.client.send(IdentityCommands.signIn, { email, password }, { clientIp: '198.51.100.7', userAgent: 'reauth-browser/1.0' }));

  it('a sign-in is a proof; so is the emailed confirmation link that starts a new account', async () => {
    const before = Date.now();
    const { form, session: fromLink } = await confirmedCustomer(harness);
    expect(Date.parse((await proofOf(fromLink)).provedAt as string)).toBeGreaterThanOrEqual(before - 1_000);
    const signedIn = await signIn(form.email, form.password);
    expect(Date.parse((await proofOf(signedIn)).provedAt as string)).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('the proof lives with its session: a refresh keeps it, another session of the same person does not share it', async () => {
    const { form } = await confirmedCustomer(harness);
    const first = await signIn(form.email, form.password);
    const second = await signIn(form.email, form.password);
    await ageProof(second, 10);
    const renewed = await harness.client.send(IdentityCommands.refreshSession, { refreshToken: first.refreshToken });
    expect(await proofOf(renewed)).toEqual(await proofOf(first));
    expect(Date.parse((await proofOf(second)).provedAt as string)).toBeLessThan(Date.parse((await proofOf(first)).provedAt as string) - 9 * 60_000);
  });

  it('the right password renews an old proof; a wrong one is refused with 400, changes nothing and is audited', async () => {
    const { form, session } = await confirmedCustomer(harness);
    await ageProof(session, 10);
    const old = await proofOf(session);
    expect(await failure(reauthenticate(session, { password: 'not-my-password' }))).toMatchObject({
      statusCode: 400,
      code: ReauthenticationErrorCodes.wrongPassword,
      message: ReauthenticationMessages.wrongPassword,
    });
    expect(await proofOf(session)).toEqual(old);
    const audit = await harness.database.query(`SELECT action_type FROM identity.audit_logs WHERE target_id = $1 AND action_type = 'reauthentication_failed'`, [session.user.id]);
    expect(audit.rows).toHaveLength(1);

    const before = Date.now();
    await reauthenticate(session, { password: form.password });
    expect(Date.parse((await proofOf(session)).provedAt as string)).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('asks for exactly one proof', async () => {
    const { form, session } = await confirmedCustomer(harness);
    await ageProof(session, 10);
    const old = await proofOf(session);
    for (const proof of [{}, { password: form.password, code: '123456' }]) {
      expect(await failure(reauthenticate(session, proof))).toMatchObject({ statusCode: 400, code: ReauthenticationErrorCodes.oneProof });
    }
    expect(await proofOf(session)).toEqual(old);
  });

  it('an authenticator code proves it when two-factor is on, and is refused when it is off or wrong', async () => {
    const { session } = await confirmedCustomer(harness);
    await ageProof(session, 10);
    const old = await proofOf(session);
    expect(await failure(reauthenticate(session, { code: '123456' }))).toMatchObject({ statusCode: 400, code: ReauthenticationErrorCodes.noTwoFactor });

    const enrolment = await harness.client.send(IdentityCommands.startTwoFactorEnrolment, {}, as(session));
    await harness.client.send(IdentityCommands.confirmTwoFactor, { code: codeFor(enrolment.secret) }, as(session));
    await harness.database.query('UPDATE identity.user_security SET totp_last_step = NULL WHERE user_id = $1', [session.user.id]);
    const wrong = codeFor(enrolment.secret) === '000000' ? '111111' : '000000';
    expect(await failure(reauthenticate(session, { code: wrong }))).toMatchObject({ statusCode: 400, code: ReauthenticationErrorCodes.wrongCode });
    expect(await proofOf(session)).toEqual(old);

    await reauthenticate(session, { code: codeFor(enrolment.secret) });
    expect(Date.parse((await proofOf(session)).provedAt as string)).toBeGreaterThan(Date.parse(old.provedAt as string) + 9 * 60_000);
  });

  it("a passkey of the person's own proves it; another person's passkey does not", async () => {
    const { session } = await confirmedCustomer(harness);
    const authenticator = new SoftwareAuthenticator(TEST_WEB_URL);
    const { publicKey: creation } = await harness.client.send(IdentityCommands.passkeyRegistrationOptions, {}, as(session));
    await harness.client.send(IdentityCommands.registerPasskey, { name: 'Phone', credential: authenticator.create(creation) }, as(session));

    await ageProof(session, 10);
    const old = await proofOf(session);
    const { session: stranger } = await confirmedCustomer(harness);
    await ageProof(stranger, 10);
    const strangerOld = await proofOf(stranger);
    const { publicKey: strangerOptions } = await harness.client.send(IdentityCommands.passkeyProofOptions, {}, as(stranger));
    expect((await failure(reauthenticate(stranger, { passkey: authenticator.get(strangerOptions) }))).statusCode).toBeGreaterThanOrEqual(400);
    expect(await proofOf(stranger)).toEqual(strangerOld);

    const { publicKey } = await harness.client.send(IdentityCommands.passkeyProofOptions, {}, as(session));
    await reauthenticate(session, { passkey: authenticator.get(publicKey) });
    expect(Date.parse((await proofOf(session)).provedAt as string)).toBeGreaterThan(Date.parse(old.provedAt as string) + 9 * 60_000);
  });

  it("never answers for another person's session", async () => {
    const { session } = await confirmedCustomer(harness);
    const { form: otherForm } = await confirmedCustomer(harness);
    const other = await signIn(otherForm.email, otherForm.password);
    expect(await harness.client.send(IdentityCommands.signInProof, { userId: session.user.id, sessionId: actorOf(harness, other).sessionId })).toEqual({ provedAt: null });
  });
});
