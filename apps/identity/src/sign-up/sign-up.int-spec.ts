import 'reflect-metadata';
import { AuthMessages, IdentityCommands, IdentityEvents } from '@portal/contracts';
import { aCustomer, confirmedCustomer, failure, IdentityHarness, queuedEvents, sessionOf, signedInAdmin, startIdentity, TEST_WEB_URL, tokenOf } from '../testing/identity-harness';
import { COMMON_PASSWORD_MESSAGE } from '../users/common-passwords';

describe('sign-up', () => {
  let harness: IdentityHarness;

  beforeAll(async () => {
    harness = await startIdentity('identity_sign_up');
  });

  afterAll(async () => {
    await harness?.stop();
  });

  // Unchecked: the validation cases send forms the contract forbids.
  const signUp = (form: object) => harness.client.sendUnchecked(IdentityCommands.signUp, form);

  describe('validation, in the order of the form', () => {
    it.each([
      ['first name', { firstName: '  ' }, 'First name is required'],
      ['last name', { lastName: '' }, 'Last name is required'],
      ['email', { email: '' }, 'Email is required'],
      ['email format', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['password', { password: '', confirmPassword: '' }, 'Password is required'],
      ['password length', { password: 'abc12', confirmPassword: 'abc12' }, 'Password must be at least 6 characters'],
      ['confirmation', { confirmPassword: 'something-else' }, 'Passwords do not match'],
      ['common password', { password: 'Password1', confirmPassword: 'Password1' }, COMMON_PASSWORD_MESSAGE],
    ])('refuses a missing or bad %s', async (_field, overrides, message) => {
      expect(await failure(signUp(aCustomer(overrides)))).toMatchObject({ statusCode: 400, message });
    });

    it('reports the first problem in form order and every problem in details', async () => {
      const body = await failure(signUp({ firstName: '', lastName: '', email: '', password: '12', confirmPassword: 'x', userType: 'customer' }));
      expect(body.message).toBe('First name is required');
      expect(body.details?.map((detail) => detail.message)).toEqual([
        'First name is required',
        'Last name is required',
        'Email is required',
        'Password must be at least 6 characters',
        'Passwords do not match',
      ]);
    });

    it('only lets customers sign up', async () => {
      expect(await failure(signUp(aCustomer({ userType: 'admin' as 'customer' })))).toMatchObject({ statusCode: 400 });
    });
  });

  it('creates an unconfirmed customer and emails a working confirmation link', async () => {
    const form = aCustomer({ email: `New.Person.${Date.now()}@Example.com` });
    const result = await signUp(form);
    const email = form.email.toLowerCase();
    // No account id: the answer is the same for an address that already has an account.
    expect(result).toEqual({ email, confirmationRequired: true });

    const registered = await harness.events.waitFor(IdentityEvents.userRegistered, (event) => event.email === email);
    const userId = registered.payload.userId;
    expect(registered.payload).toEqual({ userId, email, firstName: form.firstName, lastName: form.lastName, userType: 'customer' });

    const requested = await harness.events.waitFor(IdentityEvents.emailConfirmationRequested, (event) => event.userId === userId);
    expect(requested.payload).toMatchObject({ email, firstName: form.firstName });
    expect(requested.payload.confirmationUrl).toMatch(new RegExp(`^${TEST_WEB_URL}/auth/email-confirmed\\?token=[A-Za-z0-9_-]{43}$`));
    const expiresInHours = (Date.parse(requested.payload.expiresAt) - Date.now()) / 3_600_000;
    expect(expiresInHours).toBeGreaterThan(23.9);
    expect(expiresInHours).toBeLessThanOrEqual(24);

    const session = await harness.client.send(IdentityCommands.confirmEmail, { token: tokenOf(requested.payload.confirmationUrl) });
    expect(session.user).toMatchObject({ id: userId, email, userType: 'customer', userStatus: 'active' });
  });

  it('stores only a hash of the password and of the confirmation token', async () => {
    const form = aCustomer();
    await signUp(form);
    const userId = (await harness.events.waitFor(IdentityEvents.userRegistered, (event) => event.email === form.email)).payload.userId;
    const { rows: users } = await harness.database.query('SELECT password_hash, email_confirmed_at FROM identity.users WHERE id = $1', [userId]);
    expect(users[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(users[0].email_confirmed_at).toBeNull();
    const event = await harness.events.waitFor(IdentityEvents.emailConfirmationRequested, (payload) => payload.userId === userId);
    const { rows: tokens } = await harness.database.query('SELECT token_hash FROM identity.email_confirmation_tokens WHERE user_id = $1', [userId]);
    expect(tokens).toHaveLength(1);
    expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0].token_hash).not.toContain(tokenOf(event.payload.confirmationUrl));
  });

  describe('with the address of an existing account', () => {
    const accountsWith = async (email: string) => Number((await harness.database.query('SELECT COUNT(*) AS n FROM identity.users WHERE email = $1', [email.toLowerCase()])).rows[0].n);

    it("answers exactly as for a new address (whatever its case), creates and changes nothing, and tells the address's owner", async () => {
      const { form: owner, session } = await confirmedCustomer(harness);
      const newcomer = await signUp(aCustomer());
      const { rows: before } = await harness.database.query('SELECT password_hash, first_name FROM identity.users WHERE id = $1', [session.user.id]);

      const attempt = aCustomer({ email: owner.email.toUpperCase(), firstName: 'Mallory', password: 'another-pass-42', confirmPassword: 'another-pass-42' });
      const answer = await signUp(attempt);
      expect(answer).toEqual({ email: owner.email.toLowerCase(), confirmationRequired: true });
      expect(Object.keys(answer).sort()).toEqual(Object.keys(newcomer).sort());

      // No second account, no confirmation link for it, nothing changed on the owner's.
      expect(await accountsWith(owner.email)).toBe(1);
      expect(await harness.database.query('SELECT password_hash, first_name FROM identity.users WHERE id = $1', [session.user.id])).toMatchObject({ rows: before });
      expect(await queuedEvents(harness, IdentityEvents.emailConfirmationRequested, 'email', owner.email.toLowerCase())).toHaveLength(1);
      expect(await queuedEvents(harness, IdentityEvents.userRegistered, 'email', owner.email.toLowerCase())).toHaveLength(1);

      // The owner is told, by name, from what is on record rather than what the form said.
      const told = await harness.events.waitFor(IdentityEvents.signUpAttempted, (event) => event.userId === session.user.id);
      expect(told.payload).toEqual({ userId: session.user.id, email: owner.email.toLowerCase(), firstName: owner.firstName, userType: 'customer' });

      // The owner's password still works; the one in the attempt does not.
      expect(sessionOf(await harness.client.send(IdentityCommands.signIn, { email: owner.email, password: owner.password })).user.id).toBe(session.user.id);
      expect(await failure(harness.client.send(IdentityCommands.signIn, { email: owner.email, password: attempt.password }))).toMatchObject({ statusCode: 401, message: AuthMessages.invalidCredentials });
    });

    it('refuses a bad form the same way whether or not the address has an account (a common password is not a way to tell)', async () => {
      const { form: owner } = await confirmedCustomer(harness);
      const common = { password: 'Password1', confirmPassword: 'Password1' };
      expect(await failure(signUp(aCustomer({ email: owner.email, ...common })))).toEqual(await failure(signUp(aCustomer(common))));
      expect(await queuedEvents(harness, IdentityEvents.signUpAttempted, 'email', owner.email.toLowerCase())).toHaveLength(0);
    });

    it('tells an administrator whose address is used, without making a customer of it', async () => {
      const { input, actor } = await signedInAdmin(harness, 'support');
      expect(await signUp(aCustomer({ email: input.email }))).toEqual({ email: input.email, confirmationRequired: true });
      expect(await accountsWith(input.email)).toBe(1);
      const told = await harness.events.waitFor(IdentityEvents.signUpAttempted, (event) => event.userId === actor.userId);
      expect(told.payload).toMatchObject({ email: input.email, userType: 'admin' });
    });

    it('creates one account from several simultaneous sign-ups with one email, answers each the same, and tells the owner of the others', async () => {
      const form = aCustomer();
      const answers = await Promise.all([signUp(form), signUp(form), signUp(form)]);
      for (const answer of answers) expect(answer).toEqual({ email: form.email, confirmationRequired: true });
      expect(await accountsWith(form.email)).toBe(1);
      const owner = (await harness.events.waitFor(IdentityEvents.userRegistered, (event) => event.email === form.email)).payload.userId;
      expect(await harness.events.waitForCount(IdentityEvents.signUpAttempted, (event) => event.userId === owner, 2)).toHaveLength(2);
    });
  });

  describe('while new registrations are switched off', () => {
    const setRegistrations = (on: boolean) =>
      harness.database.query(`UPDATE identity.system_settings SET setting_value = jsonb_set(setting_value, '{new_registrations}', $1::jsonb) WHERE setting_key = 'feature_toggles'`, [
        JSON.stringify(on),
      ]);

    afterEach(() => setRegistrations(true));

    it('refuses sign-up, and accepts it again once switched back on', async () => {
      const { form: existing } = await confirmedCustomer(harness);
      await setRegistrations(false);
      const form = aCustomer();
      expect(await failure(signUp(form))).toMatchObject({ statusCode: 403, message: AuthMessages.registrationsClosed, code: 'registrations_closed' });
      // The same for an address that has an account.
      expect(await failure(signUp(aCustomer({ email: existing.email })))).toEqual(await failure(signUp(aCustomer())));
      const { rows } = await harness.database.query('SELECT 1 FROM identity.users WHERE email = $1', [form.email]);
      expect(rows).toHaveLength(0);

      await setRegistrations(true);
      await expect(signUp(form)).resolves.toMatchObject({ email: form.email });
    });
  });
});
