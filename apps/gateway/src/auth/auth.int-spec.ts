import 'reflect-metadata';
import { generateKeyPairSync } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { createPortalClient } from '@portal/api-client';
import { AccountClosureCommands, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AuthErrorCodes, AuthMessages, errorBody, IdentityCommands, revokedSessionKey } from '@portal/contracts';
import { authSession, customerActor, sessionUser, validSignUp } from '../testing/builders';
import { FakeServiceError, GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const COOKIE = 'portal_refresh';

/** The Set-Cookie line of the refresh cookie, if the response set or cleared it. */
function refreshCookie(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith(`${COOKIE}=`));
}

describe('gateway authentication and sessions', () => {
  let gateway: GatewayHarness;

  // Ordinary commands wait 1 s (the harness's NATS_REQUEST_TIMEOUT_MS); password checks 3 s.
  useGatewayHarness('gateway-auth', (started) => (gateway = started), { PASSWORD_CHECK_WAIT_MS: '3000' });

  describe('the refresh-token cookie', () => {
    it('is set on sign-in (httpOnly, SameSite=Strict, auth paths only, 14 days) while the body keeps the token', async () => {
      const session = authSession(gateway.accessToken(customerActor()));
      const identity = await gateway.respond(IdentityCommands.signIn, () => session);
      const response = await request(gateway.baseUrl).post('/api/v1/auth/login').send({ email: 'Ada@Example.test', password: 'secret-pass' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(session);
      expect(identity.requests[0].payload).toEqual({ email: 'ada@example.test', password: 'secret-pass' });
      const cookie = refreshCookie(response)!;
      expect(cookie).toContain(`${COOKIE}=${session.refreshToken}`);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).toMatch(/; Path=\/api\/v1\/auth/);
      expect(cookie).toMatch(/; Max-Age=1209600/);
      // WEB_URL is http here; Secure is added when it is https.
      expect(cookie).not.toMatch(/; Secure/);
    });

    it('is not set when sign-in asks for a two-factor code, and is set by the second step', async () => {
      const challenge = { mfaRequired: true as const, mfaToken: 'challenge-token', enrolmentRequired: false, expiresIn: 300 };
      await gateway.respond(IdentityCommands.signIn, () => challenge);
      const first = await request(gateway.baseUrl).post('/api/v1/auth/login').send({ email: 'ada@example.test', password: 'secret-pass' });
      expect(first.status).toBe(200);
      expect(first.body).toEqual(challenge);
      expect(refreshCookie(first)).toBeUndefined();

      const session = authSession(gateway.accessToken(customerActor()));
      const identity = await gateway.respond(IdentityCommands.completeMfaSignIn, () => session);
      const second = await request(gateway.baseUrl).post('/api/v1/auth/login/mfa').send({ mfaToken: 'challenge-token', code: ' 123 456 ' });
      expect(second.status).toBe(200);
      expect(identity.requests[0].payload).toEqual({ mfaToken: 'challenge-token', code: '123456' });
      expect(refreshCookie(second)).toContain(`${COOKIE}=${session.refreshToken}`);

      const missing = await request(gateway.baseUrl).post('/api/v1/auth/login/mfa').send({ mfaToken: 'challenge-token' });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Please enter the 6-digit code from your authenticator app');
    });

    it('is set when confirming an email signs the person in', async () => {
      const session = authSession(gateway.accessToken(customerActor()));
      await gateway.respond(IdentityCommands.confirmEmail, () => session);
      const response = await request(gateway.baseUrl).post('/api/v1/auth/confirm-email').send({ token: 'emailed-token' });
      expect(response.status).toBe(200);
      expect(refreshCookie(response)).toContain(`${COOKIE}=${session.refreshToken}`);
    });

    it('is what refresh uses when the body has no token, and is rotated', async () => {
      const rotated = authSession(gateway.accessToken(customerActor()));
      const identity = await gateway.respond(IdentityCommands.refreshSession, () => rotated);
      const response = await request(gateway.baseUrl).post('/api/v1/auth/refresh').set('cookie', `${COOKIE}=old-refresh-token`).send({});
      expect(response.status).toBe(200);
      expect(identity.requests[0].payload).toEqual({ refreshToken: 'old-refresh-token' });
      expect(refreshCookie(response)).toContain(`${COOKIE}=${rotated.refreshToken}`);
    });

    it('gives way to a refresh token in the body (API clients)', async () => {
      const identity = await gateway.respond(IdentityCommands.refreshSession, () => authSession('access'));
      await request(gateway.baseUrl).post('/api/v1/auth/refresh').set('cookie', `${COOKIE}=cookie-token`).send({ refreshToken: 'body-token' });
      expect(identity.requests[0].payload).toEqual({ refreshToken: 'body-token' });
    });

    it('is cleared when refresh is refused', async () => {
      await gateway.respond(IdentityCommands.refreshSession, () => {
        throw new FakeServiceError(errorBody(401, AuthMessages.sessionEnded, { code: 'session_ended' }));
      });
      const response = await request(gateway.baseUrl).post('/api/v1/auth/refresh').set('cookie', `${COOKIE}=reused-token`).send({});
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: AuthMessages.sessionEnded, code: 'session_ended' });
      expect(refreshCookie(response)).toMatch(new RegExp(`^${COOKIE}=;.*Expires=Thu, 01 Jan 1970`));
    });

    it('answers refresh without any token with 401 and never asks identity', async () => {
      const identity = await gateway.respond(IdentityCommands.refreshSession, () => authSession('access'));
      const response = await request(gateway.baseUrl).post('/api/v1/auth/refresh');
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(AuthMessages.sessionEnded);
      expect(identity.requests).toHaveLength(0);
    });

    it('survives an identity outage during refresh, so the browser can retry', async () => {
      const response = await request(gateway.baseUrl).post('/api/v1/auth/refresh').set('cookie', `${COOKIE}=still-good`).send({});
      expect(response.status).toBe(503);
      expect(refreshCookie(response)).toBeUndefined();
    });

    it('is cleared by sign-out, which ends the session of its token', async () => {
      const identity = await gateway.respond(IdentityCommands.signOut, () => null);
      const response = await request(gateway.baseUrl).post('/api/v1/auth/logout').set('cookie', `${COOKIE}=to-end`).send({});
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect(identity.requests[0].payload).toEqual({ refreshToken: 'to-end' });
      expect(refreshCookie(response)).toMatch(new RegExp(`^${COOKIE}=;`));
    });

    it('signing out with only the bearer token ends the session that token belongs to; a bad token ends nothing and still answers 204', async () => {
      const current = await gateway.respond(IdentityCommands.signOutCurrentSession, () => null);
      const actor = customerActor();
      const signedOut = await request(gateway.baseUrl).post('/api/v1/auth/logout').set('authorization', `Bearer ${gateway.accessToken(actor)}`).send({});
      expect(signedOut.status).toBe(204);
      expect(current.requests).toHaveLength(1);
      expect(current.requests[0].meta.actor).toMatchObject({ userId: actor.userId, sessionId: actor.sessionId });
      const forged = await request(gateway.baseUrl).post('/api/v1/auth/logout').set('authorization', 'Bearer not-a-token').send({});
      expect(forged.status).toBe(204);
      expect(current.requests).toHaveLength(1);
    });

    it('cannot be used by a cross-site form or another origin to refresh or sign the person out', async () => {
      const refresh = await gateway.respond(IdentityCommands.refreshSession, () => authSession('access'));
      const signOut = await gateway.respond(IdentityCommands.signOut, () => null);
      for (const path of ['/api/v1/auth/refresh', '/api/v1/auth/logout']) {
        const plainText = await request(gateway.baseUrl).post(path).set('cookie', `${COOKIE}=victim`).set('content-type', 'text/plain').send('{}');
        expect(plainText.status).toBe(403);
        expect(plainText.body).toMatchObject({ code: 'cross_site_request', message: 'This request must come from the portal itself.' });
        expect(refreshCookie(plainText)).toBeUndefined();
        const noBody = await request(gateway.baseUrl).post(path).set('cookie', `${COOKIE}=victim`);
        expect(noBody.status).toBe(403);
        const sibling = await request(gateway.baseUrl).post(path).set('cookie', `${COOKIE}=victim`).set('origin', 'http://localhost:8080').send({});
        expect(sibling.status).toBe(403);
      }
      expect(refresh.requests).toHaveLength(0);
      expect(signOut.requests).toHaveLength(0);
      const ownPage = await request(gateway.baseUrl).post('/api/v1/auth/refresh').set('cookie', `${COOKIE}=victim`).set('origin', 'http://localhost:5173').send({});
      expect(ownPage.status).toBe(200);
    });
  });

  describe('access tokens', () => {
    it('lets a signed-in user read themselves', async () => {
      const actor = customerActor();
      const user = sessionUser({ id: actor.userId });
      const identity = await gateway.respond(IdentityCommands.getCurrentUser, () => user);
      const response = await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${gateway.accessToken(actor)}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(user);
      expect(identity.requests[0].meta.actor).toEqual({ userId: actor.userId, sessionId: actor.sessionId, userType: 'customer', adminRole: null });
    });

    it('answers 401 without a token', async () => {
      const response = await request(gateway.baseUrl).get('/api/v1/me');
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in to continue.', code: 'unauthenticated' });
    });

    const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as object;
    const unsignedCopyOf = (token: string) => `${base64url({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`;
    const withClaimsChanged = (token: string, changes: object) => {
      const [header, , signature] = token.split('.');
      return `${header}.${base64url({ ...claimsOf(token), ...changes })}.${signature}`;
    };

    it('refuses expired tokens, foreign keys, other audiences and other issuers', async () => {
      const actor = customerActor();
      const expired = gateway.accessToken(actor, { expiresIn: -10 });
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
      const foreign = new JwtService({ privateKey, signOptions: { algorithm: 'RS256', issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE } }).sign({ sub: actor.userId, sid: actor.sessionId, typ: 'admin', role: 'super_admin' });
      const cases: [string, string][] = [
        [expired, 'token_expired'],
        [foreign, 'invalid_token'],
        [gateway.accessToken(actor, { audience: 'someone-else' }), 'invalid_token'],
        [gateway.accessToken(actor, { issuer: 'someone-else' }), 'invalid_token'],
        ['not-a-jwt', 'invalid_token'],
        // Unsigned (alg none) with the same claims, and a signed token altered after signing.
        [unsignedCopyOf(gateway.accessToken(actor)), 'invalid_token'],
        [withClaimsChanged(gateway.accessToken(actor), { typ: 'admin', role: 'super_admin' }), 'invalid_token'],
      ];
      for (const [token, code] of cases) {
        const response = await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${token}`);
        expect(response.status).toBe(401);
        expect(response.body.code).toBe(code);
      }
    });

    it('refuses a valid token whose session was revoked', async () => {
      const actor = customerActor();
      const identity = await gateway.respond(IdentityCommands.getCurrentUser, () => sessionUser());
      await gateway.redis.set(revokedSessionKey(actor.sessionId), '1', 'EX', 60);
      const response = await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${gateway.accessToken(actor)}`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: AuthMessages.sessionEnded, code: 'session_ended' });
      expect(identity.requests).toHaveLength(0);
    });

    it('refuses a token it accepted a moment ago, once its session is revoked', async () => {
      const actor = customerActor();
      const identity = await gateway.respond(IdentityCommands.getCurrentUser, () => sessionUser());
      const token = gateway.accessToken(actor);
      expect((await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${token}`)).status).toBe(200);
      await gateway.redis.set(revokedSessionKey(actor.sessionId), 'suspended', 'EX', 60);
      const response = await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${token}`);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: AuthMessages.accountSuspended, code: AuthErrorCodes.accountSuspended });
      expect(identity.requests).toHaveLength(1);
    });
  });

  describe('identity down or slow', () => {
    it('answers sign-in with 503 and the clear message at once, and recovers without a restart', async () => {
      const startedAt = Date.now();
      const down = await request(gateway.baseUrl).post('/api/v1/auth/login').send({ email: 'ada@example.test', password: 'secret-pass' });
      expect(Date.now() - startedAt).toBeLessThan(1_000);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The identity service is unavailable. Please try again shortly.', code: 'service_unavailable', params: { name: 'identity' } });

      await gateway.respond(IdentityCommands.signIn, () => authSession('access'));
      const back = await request(gateway.baseUrl).post('/api/v1/auth/login').send({ email: 'ada@example.test', password: 'secret-pass' });
      expect(back.status).toBe(200);
    });

    it('answers 504 when identity does not answer within NATS_REQUEST_TIMEOUT_MS', async () => {
      await gateway.respond(IdentityCommands.resendConfirmation, () => ({ outcome: 'sent' }), { delayMs: 1_500 });
      const slow = await request(gateway.baseUrl).post('/api/v1/auth/resend-confirmation').send({ email: 'ada@example.test' });
      expect(slow.status).toBe(504);
      expect(slow.body).toMatchObject({ statusCode: 504, error: 'Gateway Timeout', message: 'The identity service took too long to answer. Please try again.' });
    });

    it('lets a sign-in queued behind password hashing wait past the ordinary limit, up to PASSWORD_CHECK_WAIT_MS', async () => {
      // Longer than the ordinary 1 s wait, as a sign-in is during a burst: it still signs in.
      await gateway.respond(IdentityCommands.signIn, () => authSession('access'), { delayMs: 1_500 });
      const queued = await request(gateway.baseUrl).post('/api/v1/auth/login').send({ email: 'ada@example.test', password: 'secret-pass' });
      expect(queued.status).toBe(200);
      await gateway.stopResponders();

      // Beyond the password-check wait, the caller is told rather than kept waiting.
      await gateway.respond(IdentityCommands.signIn, () => authSession('access'), { delayMs: 6_000 });
      const tooSlow = await request(gateway.baseUrl).post('/api/v1/auth/login').send({ email: 'ada@example.test', password: 'secret-pass' });
      expect(tooSlow.status).toBe(504);
    });
  });

  describe('other password checks', () => {
    it('let Delete Account, which checks the password, wait past the ordinary limit, up to PASSWORD_CHECK_WAIT_MS', async () => {
      const token = gateway.accessToken(customerActor());
      await gateway.respond(AccountClosureCommands.deleteOwnAccount, () => ({ deleted: true }), { delayMs: 1_500 });
      const queued = await request(gateway.baseUrl).delete('/api/v1/me').set('authorization', `Bearer ${token}`).send({ password: 'secret-pass' });
      expect(queued.status).toBe(200);
      await gateway.stopResponders();
    });
  });

  describe('the other auth endpoints', () => {
    it('forward to identity with their documented statuses', async () => {
      await gateway.respond(IdentityCommands.signUp, () => ({ email: 'ada@example.test', confirmationRequired: true }));
      await gateway.respond(IdentityCommands.resendConfirmation, () => ({ outcome: 'sent' }));
      await gateway.respond(IdentityCommands.requestPasswordReset, () => ({ accepted: true }));
      const update = await gateway.respond(IdentityCommands.updatePassword, () => ({ updated: true }));
      await gateway.respond(IdentityCommands.getPublicSettings, () => ({ supportedCurrencies: ['USD'] }));
      const api = request(gateway.baseUrl);
      expect((await api.post('/api/v1/auth/signup').send(validSignUp())).status).toBe(201);
      expect((await api.post('/api/v1/auth/resend-confirmation').send({ email: 'ada@example.test' })).body).toEqual({ outcome: 'sent' });
      const reset = await api.post('/api/v1/auth/password-reset').send({ email: 'ada@example.test' });
      expect([reset.status, reset.body]).toEqual([202, { accepted: true }]);
      const updated = await api.post('/api/v1/auth/password-update').send({ token: 'reset-token', password: 'brand-new-pass' });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ updated: true });
      expect(update.requests[0].payload).toEqual({ token: 'reset-token', password: 'brand-new-pass' });
      expect((await api.get('/api/v1/settings/public')).body).toEqual({ supportedCurrencies: ['USD'] });
    });

    it('answers what identity answered, never a body of its own', async () => {
      await gateway.respond(IdentityCommands.updatePassword, () => {
        throw new FakeServiceError({ statusCode: 400, error: 'Bad Request', message: 'Invalid or expired reset link. Please request a new password reset.' });
      });
      const refused = await request(gateway.baseUrl).post('/api/v1/auth/password-update').send({ token: 'used-token', password: 'brand-new-pass' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: 'Invalid or expired reset link. Please request a new password reset.' });
      expect(refused.body).not.toHaveProperty('updated');
    });

    it('records a security event from the browser, always as source web', async () => {
      const actor = customerActor();
      const identity = await gateway.respond(IdentityCommands.recordSecurityEvent, () => ({ id: 'audit-id' }));
      const token = gateway.accessToken(actor);
      const response = await request(gateway.baseUrl)
        .post('/api/v1/security-events')
        .set('authorization', `Bearer ${token}`)
        .send({ type: 'unauthorized_access', path: '/admin/users', source: 'gateway' });
      expect(response.status).toBe(202);
      expect(response.body).toEqual({ accepted: true });
      expect(identity.requests[0].payload).toEqual({ type: 'unauthorized_access', path: '/admin/users', source: 'web' });
      expect(identity.requests[0].meta.actor?.userId).toBe(actor.userId);
      expect((await request(gateway.baseUrl).post('/api/v1/security-events').send({ type: 'unauthorized_access', path: '/admin' })).status).toBe(401);
    });
  });

  describe('the generated API client', () => {
    it('signs in and reads the user through the typed client', async () => {
      const actor = customerActor();
      const user = sessionUser({ id: actor.userId });
      await gateway.respond(IdentityCommands.signIn, () => authSession(gateway.accessToken(actor), { user }));
      await gateway.respond(IdentityCommands.getCurrentUser, () => user);
      let accessToken: string | null = null;
      const client = createPortalClient({ baseUrl: gateway.baseUrl, getAccessToken: () => accessToken });

      const signedIn = await client.POST('/api/v1/auth/login', { body: { email: user.email, password: 'secret-pass' } });
      expect(signedIn.response.status).toBe(200);
      const answer = signedIn.data!;
      if ('mfaRequired' in answer) throw new Error('expected a session, not a two-factor challenge');
      accessToken = answer.accessToken;
      const me = await client.GET('/api/v1/me');
      expect(me.data).toEqual(user);

      const invalid = await client.POST('/api/v1/auth/login', { body: { email: '', password: '' } });
      expect(invalid.error).toMatchObject({ statusCode: 400, message: 'Please fill in all fields' });
    });
  });
});
