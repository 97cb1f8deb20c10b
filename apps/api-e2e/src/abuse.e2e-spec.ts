import { connect } from 'node:net';
import { samplePdf, SignedInAccount, TestStack, uniqueEmail } from '@portal/testing';
import { adminOn, customerOn, useTestStack } from './journeys';

/** Attacks tried from outside, over HTTP, against the whole running stack. */
describe('abuse over HTTP', () => {
  let stack: TestStack;
  let admin: SignedInAccount;

  // Behind a proxy on this host (trusted by address, as a deployment names its ingress), so
  // each test can speak from addresses of its own (X-Forwarded-For).
  useTestStack(
    'api-abuse',
    async (started) => {
      stack = started;
      admin = await adminOn(stack);
    },
    { env: { TRUST_PROXY: 'loopback', HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_BODY_TIMEOUT_MS: '1000' } },
  );

  let lastHost = 0;
  const from = () => ({ 'x-forwarded-for': `203.0.113.${++lastHost}` });
  const login = (email: string, password: string, headers = from()) => stack.api.post('/api/v1/auth/login', { email, password }, headers);

  describe('sessions end with the account', () => {
    it("refuses a suspended customer's access token on the very next call, with a clear message", async () => {
      const customer = await customerOn(stack);
      expect((await customer.api.get('/api/v1/me')).status).toBe(200);
      expect((await admin.api.post(`/api/v1/admin/users/${customer.user.id}/suspend`, { reason: 'abuse test' })).status).toBe(200);
      const next = await customer.api.get('/api/v1/me');
      expect(next.status).toBe(401);
      expect(next.body).toMatchObject({ code: 'account_suspended', message: 'Your account has been suspended. Please contact support.' });
      expect((await stack.api.post('/api/v1/auth/refresh', { refreshToken: customer.refreshToken })).status).toBe(401);
    });

    it("refuses a deleted customer's access token at once", async () => {
      const customer = await customerOn(stack);
      expect((await admin.api.request('DELETE', `/api/v1/admin/users/${customer.user.id}`)).status).toBe(200);
      const next = await customer.api.get('/api/v1/me');
      expect(next).toMatchObject({ status: 401, body: { code: 'account_deleted', message: 'This account no longer exists.' } });
    });

    it("ends an admin's session when a super admin changes the admin's role", async () => {
      const other = await adminOn(stack, 'admin');
      expect((await admin.api.request('PUT', `/api/v1/admin/users/${other.user.id}/admin-role`, { adminRole: 'support' })).status).toBe(200);
      expect((await other.api.get('/api/v1/admin/audit-logs')).status).toBe(401);
    });

    it('refuses an access token replayed after sign-out', async () => {
      const customer = await customerOn(stack);
      expect((await stack.api.post('/api/v1/auth/logout', { refreshToken: customer.refreshToken })).status).toBe(204);
      expect((await customer.api.get('/api/v1/me')).status).toBe(401);
    });

    it('signing out with only the access token ends that session: the token and its refresh token stop working', async () => {
      const customer = await customerOn(stack);
      expect((await customer.api.post('/api/v1/auth/logout', {})).status).toBe(204);
      expect(await customer.api.get('/api/v1/me')).toMatchObject({ status: 401, body: { code: 'session_ended' } });
      expect((await stack.api.post('/api/v1/auth/refresh', { refreshToken: customer.refreshToken })).status).toBe(401);
    });
  });

  describe('guessing passwords', () => {
    it('locks one account for the address that guesses, never for its owner elsewhere', async () => {
      const victim = await customerOn(stack);
      const attacker = from();
      for (let attempt = 0; attempt < 5; attempt++) expect((await login(victim.email, `guess-${attempt}`, attacker)).status).toBe(401);
      expect((await login(victim.email, victim.password, attacker)).status).toBe(429);
      expect((await login(victim.email, victim.password)).status).toBe(200);
    });

    it('stops credential stuffing: one address failing across many accounts is refused altogether', async () => {
      const stuffer = from();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 22; attempt++) statuses.push((await login(uniqueEmail('stuffed'), 'Password123!', stuffer)).status);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(20)).toEqual([429, 429]);
      const audit = await admin.api.get<{ items: { actionType: string }[] }>('/api/v1/admin/audit-logs?category=security_event&limit=100');
      expect(audit.body.items.map((entry) => entry.actionType)).toEqual(expect.arrayContaining(['sign_in_failed', 'sign_in_locked_out']));
    });
  });

  describe('refresh tokens', () => {
    it('answers a refresh race with one pair for both, and the session goes on', async () => {
      const customer = await customerOn(stack);
      const [first, second] = await Promise.all([0, 1].map(() => stack.api.post('/api/v1/auth/refresh', { refreshToken: customer.refreshToken })));
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.body.refreshToken).toBe(first.body.refreshToken);
      expect((await stack.api.post('/api/v1/auth/refresh', { refreshToken: first.body.refreshToken })).status).toBe(200);
    });
  });

  describe('cross-site requests', () => {
    it('refuses a cookie-authenticated sign-out from a form of another site', async () => {
      const customer = await customerOn(stack);
      const forced = await stack.api.request('POST', '/api/v1/auth/logout', undefined, { cookie: `portal_refresh=${customer.refreshToken}`, 'content-type': 'text/plain', origin: 'http://localhost:8081' });
      expect(forced.status).toBe(403);
      expect((await stack.api.post('/api/v1/auth/refresh', { refreshToken: customer.refreshToken })).status).toBe(200);
    });
  });

  describe('oversized and slow requests', () => {
    it('refuses an oversized body with 413 and a deeply nested one with 400', async () => {
      expect((await stack.api.request('POST', '/api/v1/auth/login', { email: 'a@b.c', password: 'x'.repeat(200_000) })).status).toBe(413);
      const nested = '{"email":'.repeat(2_500) + '"a"' + '}'.repeat(2_500);
      const response = await fetch(`${stack.baseUrl}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: nested });
      expect(response.status).toBe(400);
    });

    /** Sends `request` on a bare socket and nothing more; what the server answers before it closes the connection, and when. */
    const sendAndStop = (request: Buffer) =>
      new Promise<{ answer: string; ms: number }>((resolve) => {
        const { port } = new URL(stack.baseUrl);
        const startedAt = Date.now();
        const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve({ answer, ms: Date.now() - startedAt }));
        socket.setTimeout(20_000, () => socket.destroy());
      });

    it('does not hold a connection whose body never completes', async () => {
      const { answer, ms } = await sendAndStop(Buffer.from('POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":'));
      // Answered once the body has not moved for HTTP_BODY_TIMEOUT_MS (a second here).
      expect(ms).toBeLessThan(3_000);
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(answer).toContain('"code":"request_timeout"');
    }, 30_000);

    it('answers an upload cut off before its closing boundary at once, and one whose body stops arriving within the body time-out', async () => {
      const customer = await customerOn(stack);
      const boundary = 'portal-boundary';
      const part = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), samplePdf()]);
      const head = (length: number) =>
        Buffer.from(`POST /api/v1/files HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${customer.accessToken}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`);

      // Its length right, its closing boundary missing: the body is all there, and not an upload.
      const cut = await sendAndStop(Buffer.concat([head(part.length), part]));
      expect(cut.answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(cut.answer).toContain('"code":"upload_unreadable"');
      expect(cut.ms).toBeLessThan(1_000);

      // A kilobyte declared that never comes.
      const stalled = await sendAndStop(Buffer.concat([head(part.length + 1024), part]));
      expect(stalled.answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(stalled.ms).toBeLessThan(3_000);
    }, 60_000);
  });
});
