import { confirmationTokenFor, linkIn, signIn, TestStack, uniqueEmail } from '@portal/testing';
import { customerOn, useTestStack } from './journeys';

describe('account lifecycle over HTTP', () => {
  let stack: TestStack;

  // A one-second refresh grace, so reuse after it can be shown without a long wait.
  useTestStack('api-accounts', (started) => (stack = started), { env: { REFRESH_REUSE_GRACE_SECONDS: '1' } });

  it('signs a visitor up, emails a confirmation link, and signs them in once confirmed', async () => {
    const email = uniqueEmail();
    const signUp = await stack.api.post('/api/v1/auth/signup', {
      firstName: 'Mary',
      lastName: 'Jackson',
      email,
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
      userType: 'customer',
    });
    expect(signUp.status).toBe(201);

    const early = await stack.api.post('/api/v1/auth/login', { email, password: 'secret-pass' });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Please check your email and click the confirmation link');

    const token = await confirmationTokenFor(stack.inbox, email);
    const confirmed = await stack.api.post('/api/v1/auth/confirm-email', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ email, userType: 'customer', firstName: 'Mary' });

    const again = await stack.api.post('/api/v1/auth/confirm-email', { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your email has already been confirmed. You can now log in to your account.');

    const session = await signIn(stack.api, email, 'secret-pass');
    const me = await session.api.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, userType: 'customer' });
  });

  it("answers sign-up with a registered email exactly as with a new one, creates no second account and emails the owner a way in", async () => {
    const customer = await customerOn(stack, { firstName: 'Dorothy' });
    const form = (email: string) => ({ firstName: 'Mallory', lastName: 'B', email, password: 'another-pass', confirmPassword: 'another-pass', userType: 'customer' });
    const startedAt = Date.now();
    const fresh = await stack.api.post('/api/v1/auth/signup', form(uniqueEmail()));
    const taken = await stack.api.post('/api/v1/auth/signup', form(customer.email.toUpperCase()));
    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(201);
    expect(taken.body).toEqual({ email: customer.email, confirmationRequired: true });
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(fresh.body).sort());

    // The owner is told, with a sign-in link and a password reset link; no confirmation link is sent for a second account
    // (the only one is the owner's own, from signing up).
    const told = await stack.inbox.lastEmailTo(customer.email, { subject: /tried to create an account/i, after: startedAt - 1_000 });
    expect(told.text).toContain('Hello Dorothy,');
    expect(linkIn(told, '/auth/login').searchParams.get('portal')).toBe('customer');
    expect(linkIn(told, '/auth/reset-password').pathname).toBe('/auth/reset-password');
    expect((await stack.inbox.emailsTo(customer.email)).filter((email) => /confirm/i.test(email.subject))).toHaveLength(1);

    // The original password still works, on the original account; the one in the attempt does not.
    const session = await signIn(stack.api, customer.email, customer.password);
    expect(session.user.id).toBe(customer.user.id);
    expect((await session.api.get('/api/v1/me')).body).toMatchObject({ firstName: 'Dorothy' });
    expect((await stack.api.post('/api/v1/auth/login', { email: customer.email, password: 'another-pass' })).status).toBe(401);
  });

  it('reports sign-up problems in the specified order', async () => {
    const empty = await stack.api.post('/api/v1/auth/signup', { userType: 'customer' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('First name is required');
    expect((empty.body.details as { field: string }[]).map((detail) => detail.field)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'email', 'password']),
    );

    const short = await stack.api.post('/api/v1/auth/signup', {
      firstName: 'A',
      lastName: 'B',
      email: uniqueEmail(),
      password: '12345',
      confirmPassword: '12345',
      userType: 'customer',
    });
    expect(short.body.message).toBe('Password must be at least 6 characters');

    const admin = await stack.api.post('/api/v1/auth/signup', {
      firstName: 'A',
      lastName: 'B',
      email: uniqueEmail(),
      password: '123456',
      confirmPassword: '123456',
      userType: 'admin',
    });
    expect(admin.status).toBe(400);
  });

  it('answers the sixth wrong password with the rate-limit message', async () => {
    const customer = await customerOn(stack);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await stack.api.post('/api/v1/auth/login', { email: customer.email, password: `wrong-${attempt}` });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('Invalid email or password');
    }
    const sixth = await stack.api.post('/api/v1/auth/login', { email: customer.email, password: 'wrong-6' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many login attempts. Please try again later.');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('ends the whole session when a rotated refresh token is used again after the grace period', async () => {
    const customer = await customerOn(stack);
    const first = await stack.api.post('/api/v1/auth/refresh', { refreshToken: customer.refreshToken });
    expect(first.status).toBe(200);
    const rotated = first.body.refreshToken as string;
    expect(rotated).not.toBe(customer.refreshToken);

    // Within the grace period the same token gets the same pair (a retried request, two tabs).
    const repeat = await stack.api.post('/api/v1/auth/refresh', { refreshToken: customer.refreshToken });
    expect(repeat.status).toBe(200);
    expect(repeat.body.refreshToken).toBe(rotated);

    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const reuse = await stack.api.post('/api/v1/auth/refresh', { refreshToken: customer.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe('Your session has ended. Please sign in again.');

    const afterReuse = await stack.api.post('/api/v1/auth/refresh', { refreshToken: rotated });
    expect(afterReuse.status).toBe(401);
    const me = await stack.api.withToken(first.body.accessToken as string).get('/api/v1/me');
    expect(me.status).toBe(401);
  });

  it('resets a forgotten password from the emailed link, once', async () => {
    const customer = await customerOn(stack);
    const unknown = await stack.api.post('/api/v1/auth/password-reset', { email: uniqueEmail('nobody') });
    expect(unknown.status).toBe(202);
    const requestedAt = Date.now() - 1000;
    const request = await stack.api.post('/api/v1/auth/password-reset', { email: customer.email });
    expect(request.status).toBe(202);

    const email = await stack.inbox.lastEmailTo(customer.email, { subject: /reset/i, after: requestedAt });
    const token = linkIn(email, '/auth/update-password').searchParams.get('token');
    const update = await stack.api.post('/api/v1/auth/password-update', { token, password: 'brand-new-pass' });
    expect(update.status).toBe(200);
    expect(update.body).toEqual({ updated: true });
    const reused = await stack.api.post('/api/v1/auth/password-update', { token, password: 'another-pass' });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('Invalid or expired reset link. Please request a new password reset.');

    const oldSession = await stack.api.post('/api/v1/auth/refresh', { refreshToken: customer.refreshToken });
    expect(oldSession.status).toBe(401);
    await expect(signIn(stack.api, customer.email, 'brand-new-pass')).resolves.toBeDefined();
  });
});
