import { Secret, TOTP } from 'otpauth';
import { signIn, TestStack } from '@portal/testing';
import { customerOn, useTestStack } from './journeys';

/** What an authenticator app shows for the secret, `stepsAhead` periods from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

function wrongCodeFor(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((steps) => codeFor(secret, steps)));
  let code = 100000;
  while (valid.has(String(code))) code++;
  return String(code);
}

describe('account security over HTTP', () => {
  let stack: TestStack;

  useTestStack('api-account-security', (started) => (stack = started));

  it('changes the password with the current one, ends the other sessions and emails the owner', async () => {
    const customer = await customerOn(stack);
    const other = await signIn(stack.api, customer.email, customer.password);

    const wrong = await customer.api.post('/api/v1/me/password', { currentPassword: 'not-the-password', newPassword: 'brand-new-phrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Current password is incorrect', details: [{ field: 'currentPassword' }] });

    const missing = await customer.api.post('/api/v1/me/password', { newPassword: 'brand-new-phrase' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Current password is required');

    const anonymous = await stack.api.post('/api/v1/me/password', { currentPassword: customer.password, newPassword: 'brand-new-phrase' });
    expect(anonymous.status).toBe(401);

    const changed = await customer.api.post('/api/v1/me/password', { currentPassword: customer.password, newPassword: 'brand-new-phrase' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ changed: true, otherSessionsEnded: 1 });

    expect((await stack.api.post('/api/v1/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
    expect((await other.api.get('/api/v1/me')).status).toBe(401);
    expect((await customer.api.get('/api/v1/me')).status).toBe(200);
    expect((await stack.api.post('/api/v1/auth/refresh', { refreshToken: customer.refreshToken })).status).toBe(200);

    expect((await stack.api.post('/api/v1/auth/login', { email: customer.email, password: customer.password })).status).toBe(401);
    await signIn(stack.api, customer.email, 'brand-new-phrase');
    const email = await stack.inbox.lastEmailTo(customer.email, { subject: /password was changed/i });
    expect(email.text).toContain('was changed');
  });

  it('limits password guesses from a signed-in session across Delete Account, the password change and the email change', async () => {
    const customer = await customerOn(stack);
    // Five wrong passwords in all (the default limit), spread over the three forms that ask for it.
    for (const guess of ['guess-one-1', 'guess-two-2', 'guess-three-3']) {
      expect(await customer.api.request('DELETE', '/api/v1/me', { password: guess })).toMatchObject({
        status: 400,
        body: { message: 'The password is incorrect. Your account has not been deleted.' },
      });
    }
    expect((await customer.api.post('/api/v1/me/password', { currentPassword: 'guess-four-4', newPassword: 'brand-new-phrase' })).status).toBe(400);
    expect((await customer.api.request('PATCH', '/api/v1/me', { email: `moved-${Date.now()}@example.test`, currentPassword: 'guess-five-5' })).status).toBe(400);

    // Then even the right password is held back, with the sign-in message, and nothing is deleted.
    const limited = await customer.api.request('DELETE', '/api/v1/me', { password: customer.password });
    expect(limited).toMatchObject({ status: 429, body: { message: 'Too many login attempts. Please try again later.' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await customer.api.get('/api/v1/me')).status).toBe(200);
    expect((await stack.api.post('/api/v1/auth/login', { email: customer.email, password: customer.password })).status).toBe(200);
  });

  it('turns two-factor on with a code, then sign-in takes a second step with the code', async () => {
    const customer = await customerOn(stack);
    expect((await customer.api.get('/api/v1/me/security')).body).toEqual({ twoFactorEnabled: false, loginAlerts: true, biometricLogin: false });

    const enrolment = await customer.api.post<{ secret: string; otpauthUri: string }>('/api/v1/me/two-factor/enrol');
    expect(enrolment.status).toBe(200);
    expect(enrolment.body.otpauthUri).toMatch(/^otpauth:\/\/totp\//);

    const wrong = await customer.api.post('/api/v1/me/two-factor/confirm', { code: wrongCodeFor(enrolment.body.secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid verification code. Please try again.');

    const enabled = await customer.api.post<{ twoFactorEnabled: boolean; recoveryCodes: string[] }>('/api/v1/me/two-factor/confirm', { code: codeFor(enrolment.body.secret) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect((await customer.api.get('/api/v1/me/security')).body).toMatchObject({ twoFactorEnabled: true });
    await stack.inbox.lastEmailTo(customer.email, { subject: /two-factor authentication was turned on/i });

    const first = await stack.api.post<{ mfaRequired: boolean; mfaToken: string; enrolmentRequired: boolean }>('/api/v1/auth/login', { email: customer.email, password: customer.password });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ mfaRequired: true, enrolmentRequired: false });
    expect(first.body).not.toHaveProperty('accessToken');
    expect(first.headers.get('set-cookie')).toBeNull();

    const refused = await stack.api.post('/api/v1/auth/login/mfa', { mfaToken: first.body.mfaToken, code: wrongCodeFor(enrolment.body.secret) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Invalid verification code. Please try again.');

    // The next period's code: the one used to confirm is not accepted twice.
    const session = await stack.api.post<{ accessToken: string; user: { email: string } }>('/api/v1/auth/login/mfa', { mfaToken: first.body.mfaToken, code: codeFor(enrolment.body.secret, 1) });
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(customer.email);
    expect(session.headers.get('set-cookie')).toMatch(/refresh/i);
    expect((await stack.api.withToken(session.body.accessToken).get('/api/v1/me')).status).toBe(200);

    const withRecovery = await stack.api.post<{ mfaToken: string }>('/api/v1/auth/login', { email: customer.email, password: customer.password });
    const recovered = await stack.api.post('/api/v1/auth/login/mfa', { mfaToken: withRecovery.body.mfaToken, code: enabled.body.recoveryCodes[0] });
    expect(recovered.status).toBe(200);

    const expired = await stack.api.post('/api/v1/auth/login/mfa', { mfaToken: 'not-a-challenge', code: '123456' });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Your sign-in has expired. Please sign in again.');

    const off = await customer.api.post('/api/v1/me/two-factor/disable', { code: enabled.body.recoveryCodes[1] });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ twoFactorEnabled: false });
    await signIn(stack.api, customer.email, customer.password);
  });

  it('stores the login alerts and biometric login toggles, and never two-factor through them', async () => {
    const customer = await customerOn(stack);
    const saved = await customer.api.request('PUT', '/api/v1/me/security', { loginAlerts: false, biometricLogin: true, twoFactorEnabled: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ twoFactorEnabled: false, loginAlerts: false, biometricLogin: true });
    expect((await customer.api.get('/api/v1/me/security')).body).toEqual({ twoFactorEnabled: false, loginAlerts: false, biometricLogin: true });
    const invalid = await customer.api.request('PUT', '/api/v1/me/security', { loginAlerts: 'sometimes', biometricLogin: true });
    expect(invalid.status).toBe(400);
  });
});
