import 'reflect-metadata';
import * as argon2 from 'argon2';
import { AuthMessages, IdentityCommands } from '@portal/contracts';
import { aCustomer, confirmedCustomer, failure, IdentityHarness, signUp, startIdentity, sessionOf } from '../testing/identity-harness';
import { TestServiceClient } from '@portal/testing';

const ADDRESS_LIMIT = 8;
const ACCOUNT_LIMIT = 10;

describe('sign-in', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    // A low per-address limit keeps the address test short; the per-account limit is the default 5.
    harness = await startIdentity('identity_sign_in', { LOGIN_MAX_FAILURES_PER_ADDRESS: String(ADDRESS_LIMIT), LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: String(ACCOUNT_LIMIT) });
  });

  afterAll(async () => {
    await harness?.stop();
  });

  /** Every call a new address, so the per-address limit only bites where a test means it to. */
  let lastHost = 0;
  const anAddress = () => `198.51.100.${++lastHost}`;
  const signIn = (email: string, password: string, clientIp: string) => harness.client.send(IdentityCommands.signIn, { email, password }, { clientIp }).then(sessionOf);

  it('signs a confirmed customer in, whatever the case of the email', async () => {
    const { form } = await confirmedCustomer(harness);
    const session = await signIn(form.email.toUpperCase(), form.password, anAddress());
    expect(session.user).toMatchObject({ email: form.email, userType: 'customer' });
    expect(harness.verifyAccessToken(session.accessToken)).toMatchObject({ sub: session.user.id, typ: 'customer' });
  });

  it('remakes a password hash of older parameters at sign-in, and the password keeps working', async () => {
    const { form, session } = await confirmedCustomer(harness);
    // As stored before hashes used one lane: the library's default of 4.
    const olderHash = await argon2.hash(form.password, { type: argon2.argon2id, parallelism: 4 });
    await harness.database.query('UPDATE identity.users SET password_hash = $1 WHERE id = $2', [olderHash, session.user.id]);

    await harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password });
    const stored = async () => (await harness.database.query('SELECT password_hash FROM identity.users WHERE id = $1', [session.user.id])).rows[0].password_hash as string;
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    await expect(harness.client.send(IdentityCommands.signIn, { email: form.email, password: form.password })).resolves.toMatchObject({ user: { id: session.user.id } });
  });

  it('signs in two devices at once while their older password hash is remade', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const olderHash = await argon2.hash(form.password, { type: argon2.argon2id, parallelism: 4 });
    await harness.database.query('UPDATE identity.users SET password_hash = $1 WHERE id = $2', [olderHash, session.user.id]);
    // Both check the password against the older hash; one remakes it first, the other finds it changed.
    // Five hashes in turn: a caller as patient as the gateway is with sign-ins (PASSWORD_CHECK_WAIT_MS).
    const patient = await TestServiceClient.connect(harness.infrastructure.nats.url, 30_000, { env: harness.infrastructure.env });
    try {
      const both = await Promise.all([0, 1].map(() => patient.send(IdentityCommands.signIn, { email: form.email, password: form.password })));
      for (const signedIn of both) expect(signedIn).toMatchObject({ user: { id: session.user.id } });
    } finally {
      await patient.close();
    }
  });

  it('answers the same for a wrong password and an unknown email', async () => {
    const { form } = await confirmedCustomer(harness);
    const expected = { statusCode: 401, message: AuthMessages.invalidCredentials, code: 'invalid_credentials' };
    expect(await failure(signIn(form.email, 'wrong-password', anAddress()))).toEqual(expect.objectContaining(expected));
    expect(await failure(signIn(aCustomer().email, 'wrong-password', anAddress()))).toEqual(expect.objectContaining(expected));
  });

  it('asks an unconfirmed customer to confirm, but only with the right password', async () => {
    const { form } = await signUp(harness);
    expect(await failure(signIn(form.email, 'wrong-password', anAddress()))).toMatchObject({ statusCode: 401, message: AuthMessages.invalidCredentials });
    expect(await failure(signIn(form.email, form.password, anAddress()))).toMatchObject({ statusCode: 403, code: 'email_not_confirmed', message: AuthMessages.emailNotConfirmed });
  });

  it('refuses a suspended account', async () => {
    const { form, session } = await confirmedCustomer(harness);
    await harness.database.query(`UPDATE identity.users SET user_status = 'suspended' WHERE id = $1`, [session.user.id]);
    expect(await failure(signIn(form.email, form.password, anAddress()))).toMatchObject({ statusCode: 403, code: 'account_suspended', message: AuthMessages.accountSuspended });
  });

  it('refuses the sixth attempt from an address after five wrong passwords, even with the right one, and audits the lock once', async () => {
    const { form, session } = await confirmedCustomer(harness);
    const attacker = anAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await failure(signIn(form.email, `wrong-${attempt}`, attacker))).toMatchObject({ statusCode: 401 });
    }
    const refused = await failure(signIn(form.email, 'wrong-6', attacker));
    expect(refused).toMatchObject({ statusCode: 429, message: 'Too many login attempts. Please try again later.', code: 'too_many_attempts' });
    expect(refused.retryAfterSeconds).toBeGreaterThan(890);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(900);
    expect(await failure(signIn(form.email, form.password, attacker))).toMatchObject({ statusCode: 429 });

    const audit = await harness.database.query(
      `SELECT action_type, target_id, client_ip, metadata FROM identity.audit_logs WHERE target_id = $1 AND category = 'security_event' ORDER BY created_at`,
      [session.user.id],
    );
    expect(audit.rows.map((row: { action_type: string }) => row.action_type)).toEqual([...Array(5).fill('sign_in_failed'), 'sign_in_locked_out']);
    expect(audit.rows[0]).toMatchObject({ client_ip: attacker, metadata: expect.objectContaining({ outcome: 'wrong_password', attemptedEmail: form.email }) });
    expect(audit.rows[5].metadata).toMatchObject({ outcome: 'locked_out', lockedBy: ['account_and_address'] });
  });

  it('cannot be used to lock the owner out: the owner signs in from another address while one address is locked', async () => {
    const { form } = await confirmedCustomer(harness);
    const attacker = anAddress();
    for (let attempt = 1; attempt <= 6; attempt++) await failure(signIn(form.email, `wrong-${attempt}`, attacker));
    expect(await failure(signIn(form.email, form.password, attacker))).toMatchObject({ statusCode: 429 });
    await expect(signIn(form.email, form.password, anAddress())).resolves.toMatchObject({ user: { email: form.email } });
  });

  it('locks an account guessed from many addresses for new addresses only, never for the owner\'s known one', async () => {
    const { form } = await confirmedCustomer(harness);
    const home = anAddress();
    await signIn(form.email, form.password, home);
    for (let attempt = 1; attempt <= ACCOUNT_LIMIT; attempt++) {
      expect(await failure(signIn(form.email, `spray-${attempt}`, anAddress()))).toMatchObject({ statusCode: 401 });
    }
    expect(await failure(signIn(form.email, form.password, anAddress()))).toMatchObject({ statusCode: 429 });
    await expect(signIn(form.email, form.password, home)).resolves.toMatchObject({ user: { email: form.email } });
  });

  it('never lets parallel guesses from one address past the limit', async () => {
    const { form } = await confirmedCustomer(harness);
    const attacker = anAddress();
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, index) => failure(signIn(form.email, `guess-${index}`, attacker))));
    expect(outcomes.filter((body) => body.statusCode === 401)).toHaveLength(5);
    expect(outcomes.filter((body) => body.statusCode === 429)).toHaveLength(7);
  });

  it('forgives an address its earlier failures once the right password is given from it', async () => {
    const { form } = await confirmedCustomer(harness);
    const address = anAddress();
    // Three, not four: the address's own count across accounts (limit 8 here) is not forgiven.
    for (let attempt = 1; attempt <= 3; attempt++) await failure(signIn(form.email, `wrong-${attempt}`, address));
    await expect(signIn(form.email, form.password, address)).resolves.toMatchObject({ user: { email: form.email } });
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await failure(signIn(form.email, `wrong-again-${attempt}`, address))).toMatchObject({ statusCode: 401 });
    }
  });

  it('audits a sign-in for an email with no account, with the address and browser it came from', async () => {
    const address = anAddress();
    const email = aCustomer().email;
    await failure(harness.client.send(IdentityCommands.signIn, { email, password: 'guess' }, { clientIp: address, userAgent: 'stuffing-bot/1.0' }));
    const audit = await harness.database.query(`SELECT action_type, target_id, metadata FROM identity.audit_logs WHERE client_ip = $1`, [address]);
    expect(audit.rows).toEqual([{ action_type: 'sign_in_failed', target_id: null, metadata: expect.objectContaining({ outcome: 'unknown_account', attemptedEmail: email, userAgent: 'stuffing-bot/1.0' }) }]);
  });

  it('limits failures per client address across accounts, without counting successes', async () => {
    const address = anAddress();
    const { form: regular } = await confirmedCustomer(harness);
    // Successful sign-ins from a shared address (an office, say) do not count.
    for (let signIns = 0; signIns < ADDRESS_LIMIT + 2; signIns++) await signIn(regular.email, regular.password, address);
    for (let attempt = 1; attempt <= ADDRESS_LIMIT; attempt++) {
      expect(await failure(signIn(aCustomer().email, 'guess', address))).toMatchObject({ statusCode: 401 });
    }
    expect(await failure(signIn(regular.email, regular.password, address))).toMatchObject({ statusCode: 429, message: AuthMessages.tooManyAttempts });
    await expect(signIn(regular.email, regular.password, anAddress())).resolves.toMatchObject({ user: { email: regular.email } });
  });

  it('asks for both fields', async () => {
    expect(await failure(harness.client.send(IdentityCommands.signIn, { email: '', password: '' }))).toMatchObject({ statusCode: 400, message: 'Please fill in all fields' });
  });
});
