import 'reflect-metadata';
import { AuthMessages, IdentityCommands, IdentityEvents } from '@portal/contracts';
import { aCustomer, failure, IdentityHarness, startIdentity, TEST_WEB_URL, tokenOf } from '../testing/identity-harness';
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
    expect(result).toEqual({ userId: expect.any(String), email, confirmationRequired: true });

    const registered = await harness.events.waitFor(IdentityEvents.userRegistered, (event) => event.userId === result.userId);
    expect(registered.payload).toEqual({ userId: result.userId, email, firstName: form.firstName, lastName: form.lastName, userType: 'customer' });

    const requested = await harness.events.waitFor(IdentityEvents.emailConfirmationRequested, (event) => event.userId === result.userId);
    expect(requested.payload).toMatchObject({ email, firstName: form.firstName });
    expect(requested.payload.confirmationUrl).toMatch(new RegExp(`^${TEST_WEB_URL}/auth/email-confirmed\\?token=[A-Za-z0-9_-]{43}$`));
    const expiresInHours = (Date.parse(requested.payload.expiresAt) - Date.now()) / 3_600_000;
    expect(expiresInHours).toBeGreaterThan(23.9);
    expect(expiresInHours).toBeLessThanOrEqual(24);

    const session = await harness.client.send(IdentityCommands.confirmEmail, { token: tokenOf(requested.payload.confirmationUrl) });
    expect(session.user).toMatchObject({ id: result.userId, email, userType: 'customer', userStatus: 'active' });
  });

  it('stores only a hash of the password and of the confirmation token', async () => {
    const form = aCustomer();
    const { userId } = await signUp(form);
    const { rows: users } = await harness.database.query('SELECT password_hash, email_confirmed_at FROM identity.users WHERE id = $1', [userId]);
    expect(users[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(users[0].email_confirmed_at).toBeNull();
    const event = await harness.events.waitFor(IdentityEvents.emailConfirmationRequested, (payload) => payload.userId === userId);
    const { rows: tokens } = await harness.database.query('SELECT token_hash FROM identity.email_confirmation_tokens WHERE user_id = $1', [userId]);
    expect(tokens).toHaveLength(1);
    expect(tokens[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0].token_hash).not.toContain(tokenOf(event.payload.confirmationUrl));
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const form = aCustomer();
    await signUp(form);
    const body = await failure(signUp(aCustomer({ email: form.email.toUpperCase() })));
    expect(body).toMatchObject({ statusCode: 409, message: AuthMessages.duplicateEmail, code: 'duplicate_email' });
  });

  it('lets exactly one of several simultaneous sign-ups with one email through', async () => {
    const form = aCustomer();
    const outcomes = await Promise.allSettled([signUp(form), signUp(form), signUp(form)]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason.body).toMatchObject({ statusCode: 409, message: AuthMessages.duplicateEmail });
    }
  });

  describe('while new registrations are switched off', () => {
    const setRegistrations = (on: boolean) =>
      harness.database.query(`UPDATE identity.system_settings SET setting_value = jsonb_set(setting_value, '{new_registrations}', $1::jsonb) WHERE setting_key = 'feature_toggles'`, [
        JSON.stringify(on),
      ]);

    afterEach(() => setRegistrations(true));

    it('refuses sign-up, and accepts it again once switched back on', async () => {
      await setRegistrations(false);
      const form = aCustomer();
      expect(await failure(signUp(form))).toMatchObject({ statusCode: 403, message: AuthMessages.registrationsClosed, code: 'registrations_closed' });
      const { rows } = await harness.database.query('SELECT 1 FROM identity.users WHERE email = $1', [form.email]);
      expect(rows).toHaveLength(0);

      await setRegistrations(true);
      await expect(signUp(form)).resolves.toMatchObject({ email: form.email });
    });
  });
});
