import { randomUUID } from 'node:crypto';
import { PortalApi, SignedInAccount, TestStack } from '@portal/testing';
import { adminOn, customerOn, useTestStack } from './journeys';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

interface Session {
  id: string;
  current: boolean;
  userAgent: string | null;
  device: string | null;
  createdAt: string;
  lastSeenAt: string;
  address: string | null;
}

/** The session id an access token carries (sid), read without verifying: the gateway verifies. */
function sidOf(accessToken: string): string {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8')).sid;
}

/** An open live-update stream: the names of the events read so far, and when the stream ended. */
async function openStream(stack: TestStack, account: SignedInAccount) {
  const ticket = await account.api.post<{ ticket: string }>('/api/v1/events/tickets');
  expect(ticket.status).toBe(201);
  const abort = new AbortController();
  const response = await fetch(`${stack.baseUrl}/api/v1/events?ticket=${encodeURIComponent(ticket.body.ticket)}`, { signal: abort.signal });
  expect(response.status).toBe(200);
  const state = { text: '', endedAt: null as number | null };
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        state.text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted by the test
    }
    state.endedAt = Date.now();
  })();
  return { state, close: async () => (abort.abort(), await reading) };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('sessions and devices over HTTP', () => {
  let stack: TestStack;

  useTestStack('api-session-devices', (started) => (stack = started));

  /** Signs the account in again from another browser: a second session. */
  async function signInFrom(account: SignedInAccount, userAgent: string): Promise<SignedInAccount> {
    const response = await stack.api.request<{ accessToken: string; refreshToken: string; user: SignedInAccount['user'] }>(
      'POST',
      '/api/v1/auth/login',
      { email: account.email, password: account.password },
      { 'user-agent': userAgent },
    );
    expect(response.status).toBe(200);
    return { ...account, ...response.body, api: stack.api.withToken(response.body.accessToken) };
  }

  it('lists the sessions and ends another one at once: its access token, refresh token and live-update stream stop', async () => {
    const customer = await customerOn(stack);
    const laptop = await signInFrom(customer, FIREFOX_WINDOWS);
    const phone = await signInFrom(customer, SAFARI_IPHONE);

    const listed = await laptop.api.get<{ items: Session[] }>('/api/v1/me/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((session) => session.id).sort()).toEqual([sidOf(customer.accessToken), sidOf(laptop.accessToken), sidOf(phone.accessToken)].sort());
    expect(listed.body.items.find((session) => session.current)).toMatchObject({ id: sidOf(laptop.accessToken), device: 'Firefox 133, Windows 10', userAgent: FIREFOX_WINDOWS, address: expect.any(String) });
    expect(listed.body.items.find((session) => session.id === sidOf(phone.accessToken))).toMatchObject({ current: false, device: 'Safari 17, iOS 17.2, Apple iPhone' });

    const stream = await openStream(stack, phone);
    await until(() => stream.state.text.includes('event: ready'), 5_000);
    const endedAt = Date.now();
    expect(await laptop.api.request('DELETE', `/api/v1/me/sessions/${sidOf(phone.accessToken)}`)).toMatchObject({ status: 200, body: { ended: 1 } });

    // The very next request with its access token is refused, and so is its refresh token.
    expect(await phone.api.get('/api/v1/me')).toMatchObject({ status: 401, body: { code: 'session_ended' } });
    expect(await stack.api.post('/api/v1/auth/refresh', { refreshToken: phone.refreshToken })).toMatchObject({ status: 401, body: { code: 'session_ended' } });
    // Its stream is told and closed within a second.
    await until(() => stream.state.endedAt !== null, 1_500);
    expect(stream.state.text).toContain('event: end\ndata: {"reason":"signed_out"}');
    expect((stream.state.endedAt as number) - endedAt).toBeLessThan(1_500);
    await stream.close();

    // The caller's own session and the untouched one go on.
    expect((await laptop.api.get('/api/v1/me')).status).toBe(200);
    expect((await customer.api.get('/api/v1/me')).status).toBe(200);
    expect((await laptop.api.get<{ items: Session[] }>('/api/v1/me/sessions')).body.items).toHaveLength(2);
  });

  it('ends every other session and keeps the current one', async () => {
    const customer = await customerOn(stack);
    const laptop = await signInFrom(customer, FIREFOX_WINDOWS);
    const phone = await signInFrom(customer, SAFARI_IPHONE);
    expect(await laptop.api.request('DELETE', '/api/v1/me/sessions')).toMatchObject({ status: 200, body: { ended: 2 } });
    for (const other of [customer, phone]) {
      expect((await other.api.get('/api/v1/me')).status).toBe(401);
      expect((await stack.api.post('/api/v1/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
    }
    expect((await laptop.api.get('/api/v1/me')).status).toBe(200);
    expect((await stack.api.post('/api/v1/auth/refresh', { refreshToken: laptop.refreshToken })).status).toBe(200);
  });

  it("cannot end another user's session, nor one named by something that is no id", async () => {
    const mine = await customerOn(stack);
    const theirs = await customerOn(stack);
    expect(await mine.api.request('DELETE', `/api/v1/me/sessions/${sidOf(theirs.accessToken)}`)).toMatchObject({ status: 404, body: { code: 'sign_in_session_not_found' } });
    expect(await mine.api.request('DELETE', '/api/v1/me/sessions/not-a-session')).toMatchObject({ status: 404, body: { code: 'sign_in_session_not_found' } });
    expect(await mine.api.request('DELETE', `/api/v1/me/sessions/${randomUUID()}`)).toMatchObject({ status: 404 });
    expect((await theirs.api.get('/api/v1/me')).status).toBe(200);
    expect((await new PortalApi(stack.baseUrl).get('/api/v1/me/sessions')).status).toBe(401);
  });

  it("lets an admin with the users permission see a customer's sessions and end one; a support admin is refused", async () => {
    const customer = await customerOn(stack);
    const phone = await signInFrom(customer, SAFARI_IPHONE);
    const moderator = await adminOn(stack, 'moderator');
    const support = await adminOn(stack, 'support');
    const path = `/api/v1/admin/users/${customer.user.id}/sessions`;

    expect((await support.api.get(path)).status).toBe(403);
    expect((await customer.api.get(path)).status).toBe(403);
    const listed = await moderator.api.get<{ items: Session[] }>(path);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((session) => session.id)).toContain(sidOf(phone.accessToken));

    expect((await support.api.request('DELETE', `${path}/${sidOf(phone.accessToken)}`)).status).toBe(403);
    expect(await moderator.api.request('DELETE', `${path}/${sidOf(phone.accessToken)}`)).toMatchObject({ status: 200, body: { ended: 1 } });
    expect((await phone.api.get('/api/v1/me')).status).toBe(401);
    expect((await stack.api.post('/api/v1/auth/refresh', { refreshToken: phone.refreshToken })).status).toBe(401);
    expect((await customer.api.get('/api/v1/me')).status).toBe(200);
    expect((await moderator.api.request('DELETE', `${path}/not-a-session`)).status).toBe(404);
  });

  it("emails a sign-in from a new device a link that ends that session, once", async () => {
    const customer = await customerOn(stack);
    await signInFrom(customer, FIREFOX_WINDOWS);
    const since = Date.now() - 1_000;
    const intruder = await signInFrom(customer, SAFARI_IPHONE);
    const email = await stack.inbox.lastEmailTo(customer.email, { subject: /new sign-in/i, after: since });
    const token = /\/auth\/end-session\?token=([A-Za-z0-9_-]+)/.exec(`${email.html ?? ""}${email.text ?? ""}`)?.[1];
    expect(token).toBeDefined();

    expect(await stack.api.post('/api/v1/auth/end-session', { token })).toMatchObject({ status: 200, body: { ended: true } });
    expect((await intruder.api.get('/api/v1/me')).status).toBe(401);
    expect((await stack.api.post('/api/v1/auth/refresh', { refreshToken: intruder.refreshToken })).status).toBe(401);
    expect((await customer.api.get('/api/v1/me')).status).toBe(200);

    expect(await stack.api.post('/api/v1/auth/end-session', { token })).toMatchObject({ status: 400, body: { code: 'session_end_link_invalid' } });
    expect((await stack.api.post('/api/v1/auth/end-session', {})).status).toBe(400);
  });
});
