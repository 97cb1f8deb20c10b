import 'reflect-metadata';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { errorBody, IdentityCommands } from '@portal/contracts';
import { customerActor, validSignUp } from '../testing/builders';
import { FakeServiceError, GatewayHarness } from '../testing/gateway-harness';

const STACK_FRAME = /\bat .+\.(js|ts):\d+/;

/** A POST with the path exactly as given (no client normalises or drops a fragment); resolves with the status. */
function rawPostTo(baseUrl: string, path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/`, { method: 'POST', path, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('gateway HTTP pipeline', () => {
  let gateway: GatewayHarness;
  const rawPost = (path: string, body: string) => rawPostTo(gateway.baseUrl, path, body);

  beforeAll(async () => {
    gateway = await GatewayHarness.start('gateway-http', { RATE_LIMIT_AUTH_EMAIL_PER_MINUTE: '3', BODY_LIMIT: '2kb' });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  beforeEach(async () => {
    await gateway.redis.flushdb();
  });

  afterEach(async () => {
    await gateway.stopResponders();
  });

  describe('the error envelope', () => {
    it('lists every invalid field, with the first problem in the order of the form as the message', async () => {
      const identity = await gateway.respond(IdentityCommands.signUp, () => ({}));
      const response = await request(gateway.baseUrl).post('/api/v1/auth/signup').send({ userType: 'customer' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'First name is required',
        code: 'first_name_required',
        details: [
          { field: 'firstName', message: 'First name is required', code: 'first_name_required' },
          { field: 'lastName', message: 'Last name is required', code: 'last_name_required' },
          { field: 'email', message: 'Email is required', code: 'email_required' },
          { field: 'password', message: 'Password is required', code: 'password_required' },
        ],
      });
      expect(identity.requests).toHaveLength(0);
    });

    it('reports a later rule once the earlier fields are valid', async () => {
      const short = await request(gateway.baseUrl).post('/api/v1/auth/signup').send(validSignUp({ password: '12345', confirmPassword: '12345' }));
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('Password must be at least 6 characters');
      const mismatch = await request(gateway.baseUrl).post('/api/v1/auth/signup').send(validSignUp({ confirmPassword: 'other-pass' }));
      expect(mismatch.body).toMatchObject({ message: 'Passwords do not match', details: [{ field: 'confirmPassword', message: 'Passwords do not match' }] });
    });

    it('forwards only the declared fields, normalised', async () => {
      const identity = await gateway.respond(IdentityCommands.signUp, () => ({ email: 'ada@example.test', confirmationRequired: true }));
      const response = await request(gateway.baseUrl)
        .post('/api/v1/auth/signup')
        .send(validSignUp({ email: '  Ada@Example.TEST ', firstName: ' Ada ', userType: 'customer', isAdmin: true, adminRole: 'super_admin' }));
      expect(response.status).toBe(201);
      expect(identity.requests[0].payload).toEqual({ ...validSignUp(), email: 'ada@example.test', firstName: 'Ada' });
    });

    it('keeps an idle connection open longer than the proxies in front of it (65 s), and says so', async () => {
      const response = await request(gateway.baseUrl).get('/api/v1/settings/public').set('connection', 'keep-alive');
      expect(response.headers['keep-alive']).toBe('timeout=65');
    });

    it('answers malformed JSON with 400 and a plain message', async () => {
      const response = await request(gateway.baseUrl).post('/api/v1/auth/login').set('content-type', 'application/json').send('{"email": "a@b.c",');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Malformed JSON body', code: 'malformed_json' });
    });

    it('refuses JSON nested deeper than any contract with 400, not a stack overflow', async () => {
      const identity = await gateway.respond(IdentityCommands.signIn, () => ({}));
      const deep = '{"email":'.repeat(150) + '"a@b.c"' + '}'.repeat(150);
      const response = await request(gateway.baseUrl).post('/api/v1/auth/login').set('content-type', 'application/json').send(deep);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'unsafe_input', message: 'The request is nested too deeply (at most 32 levels).' });
      expect(identity.requests).toHaveLength(0);
    });

    it('refuses a NUL byte, another control character or an unpaired surrogate with 400 naming the field', async () => {
      const identity = await gateway.respond(IdentityCommands.signUp, () => ({}));
      const raw = (body: string) => request(gateway.baseUrl).post('/api/v1/auth/signup').set('content-type', 'application/json').send(body);
      const nul = await raw(JSON.stringify(validSignUp({ email: 'a\u0000b@example.com' })));
      expect(nul.status).toBe(400);
      expect(nul.body).toMatchObject({ code: 'unsafe_input', details: [{ field: 'email', message: 'email contains a control character, which is not allowed.' }] });
      // The JSON escape \\ud800 parses to an unpaired surrogate.
      const surrogate = await raw(JSON.stringify(validSignUp()).replace('"firstName":"Ada"', '"firstName":"\\ud800"'));
      expect(surrogate.status).toBe(400);
      expect(surrogate.body).toMatchObject({ code: 'unsafe_input', details: [{ field: 'firstName' }] });
      const query = await request(gateway.baseUrl).get('/api/v1/settings/public?q=%00');
      expect(query.status).toBe(400);
      expect(query.body).toMatchObject({ code: 'unsafe_input', details: [{ field: 'q' }] });
      expect(identity.requests).toHaveLength(0);
    });

    it('reads JSON as the API always has: gzip-encoded bodies inflated, other charsets refused, other or garbled types left unread', async () => {
      const identity = await gateway.respond(IdentityCommands.signIn, () => ({ accessToken: 'token' }));
      const login = JSON.stringify({ email: 'ada@example.test', password: 'secret-pass' });
      const zipped = await fetch(`${gateway.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(login) });
      expect(zipped.status).toBe(200);
      expect(identity.requests[0].payload).toMatchObject({ email: 'ada@example.test' });
      const latin1 = await request(gateway.baseUrl).post('/api/v1/auth/login').set('content-type', 'application/json; charset=latin1').send(login);
      expect(latin1.status).toBe(415);
      expect(latin1.body).toMatchObject({ statusCode: 415, code: 'unsupported_encoding' });
      for (const type of ['text/plain', 'not a media type']) {
        const unread = await request(gateway.baseUrl).post('/api/v1/auth/login').set('content-type', type).send(login);
        expect({ type, status: unread.status }).toEqual({ type, status: 400 });
        expect(unread.body.message).toBe('Please fill in all fields');
      }
    });

    it('answers a path that cannot be decoded with a 400 envelope, not the framework\'s text', async () => {
      const response = await request(gateway.baseUrl).get('/api/v1/files/%E0%A4%A');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The request is not valid.', code: 'request_invalid' });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('refuses a body over BODY_LIMIT with 413', async () => {
      const response = await request(gateway.baseUrl).post('/api/v1/auth/login').send({ email: 'a@b.c', password: 'x'.repeat(4096) });
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large', message: 'The request body is too large.' });
    });

    it('answers an unknown route with a 404 envelope', async () => {
      for (const path of ['/api/v1/nothing-here', '/api/v2/auth/login', '/health/nothing', '/']) {
        const response = await request(gateway.baseUrl).get(path);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'The requested resource was not found.', code: 'resource_not_found' });
      }
    });

    it('passes a service refusal through, with Retry-After from retryAfterSeconds', async () => {
      await gateway.respond(IdentityCommands.signIn, () => {
        throw new FakeServiceError(errorBody(429, 'Too many login attempts. Please try again later.', { code: 'too_many_attempts', retryAfterSeconds: 120 }));
      });
      const response = await request(gateway.baseUrl).post('/api/v1/auth/login').send({ email: 'ada@example.test', password: 'wrong-pass' });
      expect(response.status).toBe(429);
      expect(response.headers['retry-after']).toBe('120');
      expect(response.body).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many login attempts. Please try again later.',
        code: 'too_many_attempts',
        retryAfterSeconds: 120,
      });
    });

    it('turns a service failure that is not an envelope into a bare 500, without internals', async () => {
      await gateway.respond(IdentityCommands.signIn, () => {
        throw new FakeServiceError('TypeError: cannot read properties of undefined\n    at SessionsService.signIn (/srv/identity/dist/sessions.service.js:42:13)');
      });
      const response = await request(gateway.baseUrl).post('/api/v1/auth/login').send({ email: 'ada@example.test', password: 'secret-pass' });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'An unexpected error occurred. Please try again.', code: 'unexpected_error' });
      expect(response.text).not.toMatch(STACK_FRAME);
    });
  });

  describe('request ids', () => {
    it('keeps a sane incoming x-request-id, echoes it and sends it to the service', async () => {
      const identity = await gateway.respond(IdentityCommands.getPublicSettings, () => ({}));
      const response = await request(gateway.baseUrl).get('/api/v1/settings/public').set('x-request-id', 'trace-0001.abc');
      expect(response.status).toBe(200);
      expect(response.headers['x-request-id']).toBe('trace-0001.abc');
      expect(identity.requests[0].meta.requestId).toBe('trace-0001.abc');
    });

    it('replaces a missing or unsafe request id with a new one', async () => {
      const identity = await gateway.respond(IdentityCommands.getPublicSettings, () => ({}));
      const unsafe = await request(gateway.baseUrl).get('/api/v1/settings/public').set('x-request-id', 'bad id\nwith newline'.replace('\n', ' '));
      expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(identity.requests[0].meta.requestId).toBe(unsafe.headers['x-request-id']);
      const none = await request(gateway.baseUrl).get('/health');
      expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('tells the service who is calling, from where', async () => {
      const actor = customerActor();
      const identity = await gateway.respond(IdentityCommands.getCurrentUser, () => ({}));
      await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${gateway.accessToken(actor)}`).set('user-agent', 'jest-agent');
      expect(identity.requests[0].meta).toMatchObject({
        actor: { userId: actor.userId, sessionId: actor.sessionId, userType: 'customer', adminRole: null },
        clientIp: '127.0.0.1',
        userAgent: 'jest-agent',
      });
    });
  });

  describe('security headers', () => {
    it('sends a CSP fit for the same-origin SPA and the usual hardening headers', async () => {
      const response = await request(gateway.baseUrl).get('/health');
      const csp = response.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });

    it('forbids caching of every API answer, which may carry tokens or personal data', async () => {
      await gateway.respond(IdentityCommands.signIn, () => ({ accessToken: 'token' }));
      const login = await request(gateway.baseUrl).post('/api/v1/auth/login').send({ email: 'a@b.c', password: 'secret-pass' });
      expect(login.headers['cache-control']).toBe('no-store');
      const refused = await request(gateway.baseUrl).get('/api/v1/me');
      expect(refused.status).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
    });

    it('allows cross-origin calls with credentials from WEB_URL only', async () => {
      const allowed = await request(gateway.baseUrl).options('/api/v1/auth/login').set('origin', 'http://localhost:5173').set('access-control-request-method', 'POST');
      expect(allowed.status).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(allowed.headers['access-control-allow-credentials']).toBe('true');
      const other = await request(gateway.baseUrl).options('/api/v1/auth/login').set('origin', 'https://evil.example').set('access-control-request-method', 'POST');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      // Refusals too, or the web app could not read why (a 401 before any route runs, a 429).
      const refused = await request(gateway.baseUrl).get('/api/v1/me').set('origin', 'http://localhost:5173');
      expect(refused.status).toBe(401);
      expect(refused.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(refused.headers['access-control-expose-headers']).toContain('x-request-id');
      expect(refused.headers.vary).toContain('Origin');
    });
  });

  describe('rate limits', () => {
    it('answers 429 with Retry-After once a client exceeds an endpoint limit, per endpoint', async () => {
      await gateway.respond(IdentityCommands.requestPasswordReset, () => ({ accepted: true }));
      for (let attempt = 1; attempt <= 3; attempt++) {
        const accepted = await request(gateway.baseUrl).post('/api/v1/auth/password-reset').send({ email: 'ada@example.test' });
        expect(accepted.status).toBe(202);
        expect(accepted.body).toEqual({ accepted: true });
      }
      const limited = await request(gateway.baseUrl).post('/api/v1/auth/password-reset').send({ email: 'ada@example.test' });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ statusCode: 429, message: 'Too many requests. Please try again later.', code: 'rate_limited' });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Another endpoint of the same group keeps its own counter; probes are never limited.
      await gateway.respond(IdentityCommands.resendConfirmation, () => ({ outcome: 'sent' }));
      expect((await request(gateway.baseUrl).post('/api/v1/auth/resend-confirmation').send({ email: 'ada@example.test' })).status).toBe(202);
      expect((await request(gateway.baseUrl).get('/health')).status).toBe(200);
    });

    it('counts a percent-encoded or fragment-carrying path against the endpoint the router sends it to', async () => {
      await gateway.respond(IdentityCommands.requestPasswordReset, () => ({ accepted: true }));
      const statuses: number[] = [];
      for (const path of ['/api/v1/auth/password-reset', '/api/v1/auth/password%2Dreset', '/%61pi/v1/auth/%70assword-reset', '/api/v1/auth/password-reset#again']) {
        statuses.push(await rawPost(path, JSON.stringify({ email: 'ada@example.test' })));
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
      // Every path decision sees the routed path: the admin area's gate and no-store too.
      const customer = `Bearer ${gateway.accessToken(customerActor())}`;
      const gate = await request(gateway.baseUrl).get('/api/v1/%61dmin/nothing-here').set('authorization', customer);
      expect(gate.status).toBe(403);
      expect(gate.body.code).toBe('admin_access_denied');
      await gateway.respond(IdentityCommands.getPublicSettings, () => ({}));
      expect((await request(gateway.baseUrl).get('/%61pi/v1/settings/public')).headers['cache-control']).toBe('no-store');
    });

    it('keeps the counters in Redis, shared by every gateway replica', async () => {
      await gateway.respond(IdentityCommands.signUp, () => ({}));
      await request(gateway.baseUrl).post('/api/v1/auth/signup').send(validSignUp());
      const keys = await gateway.redis.keys('gateway:rate-limit:signup:*');
      expect(keys).toHaveLength(1);
      expect(await gateway.redis.pttl(keys[0])).toBeGreaterThan(0);
    });
  });
});
