import { connectSession } from '../api/http';
import { authApi } from '../auth/auth-api';
import { SessionManager } from '../auth/session-manager';
import { aSession } from '../test/builders';
import { envelope, fakeGateway } from '../test/gateway';
import { RealtimeClient, reconnectDelay, reconnectDelayRange, STEADY_STREAM_MS, type EventSourceLike, type RealtimeClientOptions } from './realtime-client';
import { liveUpdatesTicket } from './use-live-updates';

class FakeSource implements EventSourceLike {
  readonly listeners = new Map<string, (event: MessageEvent) => void>();
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent);
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const settle = async () => {
  for (let round = 0; round < 10; round++) await flush();
};

/** A client with fake streams and timers: the waits it asks for are recorded, and run only when the test says. */
function aClient(options: Partial<RealtimeClientOptions> & Pick<RealtimeClientOptions, 'getTicket'>) {
  const sources: FakeSource[] = [];
  const delays: number[] = [];
  const pending: (() => void)[] = [];
  const client = new RealtimeClient({
    onEvent: () => undefined,
    openSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    schedule: (callback, delayMs) => {
      delays.push(delayMs);
      pending.push(callback);
      return pending.length;
    },
    cancel: () => undefined,
    random: () => 0.5,
    ...options,
  });
  const latest = () => sources[sources.length - 1];
  return { client, sources, delays, pending, latest };
}

describe('live updates in the browser', () => {
  it('draws each wait at random around 1 s, 2 s, 5 s, then 10 s: never under 1 s or over 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelayRange)).toEqual([
      [1_000, 1_500],
      [1_500, 3_500],
      [3_500, 7_500],
      [7_500, 10_000],
      [7_500, 10_000],
      [7_500, 10_000],
    ]);
    expect([0, 1, 2, 3, 9].map((failures) => reconnectDelay(failures, () => 0))).toEqual([1_000, 1_500, 3_500, 7_500, 7_500]);
    expect([0, 1, 2, 3, 9].map((failures) => reconnectDelay(failures, () => 0.5))).toEqual([1_250, 2_500, 5_500, 8_750, 8_750]);
    expect([0, 1, 2, 3, 9].map((failures) => reconnectDelay(failures, () => 0.999_999))).toEqual([1_500, 3_500, 7_500, 10_000, 10_000]);
    // A random source out of contract still gives a wait within the bounds.
    expect([reconnectDelay(0, () => -1), reconnectDelay(9, () => 2)]).toEqual([1_000, 10_000]);
    for (let failures = 0; failures < 6; failures++) {
      const [low, high] = reconnectDelayRange(failures);
      for (let draw = 0; draw < 100; draw++) expect(reconnectDelay(failures)).toBeGreaterThanOrEqual(low);
      for (let draw = 0; draw < 100; draw++) expect(reconnectDelay(failures)).toBeLessThanOrEqual(high);
    }
  });

  it('spreads browsers whose streams dropped at the same instant over the first wait, instead of reconnecting them together', async () => {
    const browsers = Array.from({ length: 50 }, () => aClient({ getTicket: async () => 'ticket', random: undefined }));
    for (const browser of browsers) browser.client.start();
    await flush();
    for (const browser of browsers) browser.latest().onerror?.(new Event('error'));
    const firstWaits = browsers.map((browser) => browser.delays[0]);
    expect(new Set(firstWaits).size).toBeGreaterThan(10);
    expect(Math.min(...firstWaits)).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(...firstWaits)).toBeLessThanOrEqual(1_500);
    for (const browser of browsers) browser.client.stop();
  });

  it('opens with a fresh ticket each time, passes events on, and backs off after drops until it is connected again', async () => {
    const received: [string, unknown, boolean][] = [];
    let tickets = 0;
    const { client, sources, delays, pending, latest } = aClient({
      getTicket: async () => `ticket-${++tickets}`,
      onEvent: (name, data, reconnected) => received.push([name, data, reconnected]),
    });
    client.start();
    await flush();
    expect(sources[0].url).toBe('/api/v1/events?ticket=ticket-1');
    sources[0].emit('ready', {});
    sources[0].emit('notification', { title: 'Deposit completed' });
    expect(received).toEqual([
      ['ready', {}, false],
      ['notification', { title: 'Deposit completed' }, false],
    ]);

    for (let drop = 0; drop < 4; drop++) {
      latest().onerror?.(new Event('error'));
      expect(latest().closed).toBe(true);
      pending.shift()?.();
      await flush();
    }
    expect(delays).toEqual([1_250, 2_500, 5_500, 8_750]);
    expect(sources.map((source) => source.url)).toEqual([1, 2, 3, 4, 5].map((n) => `/api/v1/events?ticket=ticket-${n}`));

    sources[4].emit('ready', {});
    expect(received[received.length - 1]).toEqual(['ready', {}, true]);
    sources[4].onerror?.(new Event('error'));
    expect(delays[delays.length - 1]).toBe(1_250); // connected again: the back-off starts over
    client.stop();
  });

  describe('a revoked session', () => {
    /** The page's session, as the app wires it: the gateway answers the stream's tickets, then refuses them and the renewal (401). */
    function signedInPage() {
      let revoked = false;
      const gateway = fakeGateway({
        'POST /events/tickets': async () => (revoked ? envelope(401, 'This account has been suspended.', 'account_suspended') : { status: 201, body: { ticket: 'ticket', expiresIn: 30 } }),
        'POST /auth/refresh': envelope(401, 'Your session has ended. Please sign in again.', 'session_ended'),
      });
      const session = new SessionManager({ renew: authApi.refresh, revoke: authApi.logout, setTimer: () => () => undefined, sleep: async () => undefined });
      session.begin(aSession('customer', { accessToken: 'token-1' }));
      connectSession({ getAccessToken: session.getAccessToken, refreshSession: session.renew });
      const browser = aClient({ getTicket: liveUpdatesTicket });
      // As useLiveUpdates does: signing out stops the client.
      session.subscribe(() => {
        if (session.getState().status === 'signedOut') browser.client.stop();
      });
      const asked = (path: string) => gateway.calls.filter((call) => call.path === path).length;
      return { session, browser, asked, revoke: () => (revoked = true) };
    }

    it.each(['signed_out', 'suspended', 'deleted', 'role_changed'])('signs the user out at once when the server ends the stream as %s, with no wait', async (reason) => {
      const { session, browser, asked, revoke } = signedInPage();
      browser.client.start();
      await settle();
      browser.latest().emit('ready', {});
      revoke();
      browser.latest().emit('end', { reason });
      expect(browser.latest().closed).toBe(true);
      await settle();

      expect(session.getState()).toEqual({ status: 'signedOut', user: null, expired: true });
      expect(asked('/events/tickets')).toBe(2);
      expect(asked('/auth/refresh')).toBe(1);
      // Signed out before any reconnect wait began: none was even scheduled.
      expect(browser.delays).toEqual([]);
      expect(browser.sources).toHaveLength(1);
    });

    it.each([
      ['a network drop', (source: FakeSource) => source.onerror?.(new Event('error'))],
      ['a server going', (source: FakeSource) => source.emit('end', { reason: 'server_restarting' })],
      ['sessions that could not be checked', (source: FakeSource) => source.emit('end', { reason: 'session_check_unavailable' })],
      ['an end without a reason', (source: FakeSource) => source.emit('end', {})],
    ])('is no reason to sign out or to skip the wait: %s', async (_, drop) => {
      const { session, browser, asked } = signedInPage();
      browser.client.start();
      await settle();
      browser.latest().emit('ready', {});
      drop(browser.latest());
      await settle();

      expect(session.getState().status).toBe('signedIn');
      expect(asked('/events/tickets')).toBe(1); // nothing asked until the wait is over
      expect(browser.delays).toEqual([1_250]);
      browser.pending.shift()?.();
      await settle();
      expect(browser.sources).toHaveLength(2);
      expect(session.getState().status).toBe('signedIn');
      browser.client.stop();
    });

    it('asks at once only once: refusals that do not end the session wait longer each time, and a server ending stream after stream waits the back-off', async () => {
      let ticketsAsked = 0;
      let refusing = false;
      const { client, sources, delays, pending, latest } = aClient({
        getTicket: async () => {
          ticketsAsked++;
          if (refusing) throw Object.assign(new Error('Service unavailable'), { status: 503 });
          return `ticket-${ticketsAsked}`;
        },
      });
      client.start();
      await flush();
      latest().emit('ready', {});
      latest().emit('end', { reason: 'deleted' });
      await flush();
      expect(sources).toHaveLength(2); // asked at once, and (the server being odd) given a stream
      expect(delays).toEqual([]);

      latest().emit('ready', {});
      latest().emit('end', { reason: 'deleted' });
      await flush();
      expect(sources).toHaveLength(2);
      expect(delays).toEqual([1_250]);

      refusing = true;
      for (let attempt = 0; attempt < 4; attempt++) {
        pending.shift()?.();
        await flush();
      }
      expect(ticketsAsked).toBe(6);
      expect(delays).toEqual([1_250, 2_500, 5_500, 8_750, 8_750]);
      client.stop();
    });
  });

  describe('an expired access token', () => {
    const MINUTE = 60_000;

    it('asks for a new ticket at once, renewing the token on the way, with no wait and no sign-out', async () => {
      // The stream's token has expired and the session manager has not renewed it yet: the
      // gateway refuses it (401), the renewal gives token-2, and the ticket is asked again with it.
      let expired = false;
      const gateway = fakeGateway({
        'POST /events/tickets': async () =>
          expired && gateway.calls[gateway.calls.length - 1].headers.authorization === 'Bearer token-1'
            ? envelope(401, 'Your session has expired. Please sign in again.', 'token_expired')
            : { status: 201, body: { ticket: 'ticket', expiresIn: 30 } },
        'POST /auth/refresh': async () => ({ status: 200, body: aSession('customer', { accessToken: 'token-2' }) }),
      });
      const session = new SessionManager({ renew: authApi.refresh, revoke: authApi.logout, setTimer: () => () => undefined, sleep: async () => undefined });
      session.begin(aSession('customer', { accessToken: 'token-1' }));
      connectSession({ getAccessToken: session.getAccessToken, refreshSession: session.renew });
      const browser = aClient({ getTicket: liveUpdatesTicket });
      browser.client.start();
      await settle();
      expect(browser.sources).toHaveLength(1);
      browser.latest().emit('ready', {});
      expired = true;
      browser.latest().emit('end', { reason: 'token_expired' });
      expect(browser.sources[0].closed).toBe(true);
      await settle();

      expect(browser.delays).toEqual([]);
      expect(browser.sources).toHaveLength(2);
      expect(gateway.calls.filter((call) => call.path === '/auth/refresh')).toHaveLength(1);
      expect(gateway.calls.filter((call) => call.path === '/events/tickets').map((call) => call.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-2']);
      expect(session.getState().status).toBe('signedIn');
      browser.client.stop();
    });

    it('reconnects at once at every expiry: a stream that was connected a while re-arms it', async () => {
      let clock = 0;
      const { client, sources, delays, latest } = aClient({ getTicket: async () => 'ticket', now: () => clock });
      client.start();
      await flush();
      for (let expiry = 1; expiry <= 3; expiry++) {
        latest().emit('ready', {});
        clock += 15 * MINUTE; // the access token's life
        latest().emit('end', { reason: 'token_expired' });
        await flush();
        expect(sources).toHaveLength(expiry + 1);
      }
      expect(delays).toEqual([]);

      // A revocation after an expiry's reconnect is told at once too, once that stream was steady.
      latest().emit('ready', {});
      clock += STEADY_STREAM_MS;
      latest().emit('end', { reason: 'suspended' });
      await flush();
      expect(sources).toHaveLength(5);
      expect(delays).toEqual([]);
      client.stop();
    });

    it('cannot be made a tight loop: a server that ends every stream at once (or soon after) gets the back-off after the first', async () => {
      let clock = 0;
      let ticketsAsked = 0;
      const { client, sources, delays, pending, latest } = aClient({
        getTicket: async () => `ticket-${++ticketsAsked}`,
        now: () => clock,
      });
      client.start();
      await flush();
      latest().emit('ready', {});
      clock += 15 * MINUTE;
      latest().emit('end', { reason: 'token_expired' });
      await flush();
      expect(delays).toEqual([]); // the real expiry: at once

      for (let round = 0; round < 6; round++) {
        // Ended just before it would count as steady, for an immediate reason each time, or before its ready.
        if (round % 3 !== 2) latest().emit('ready', {});
        clock += STEADY_STREAM_MS - 1;
        latest().emit('end', { reason: round % 2 === 0 ? 'token_expired' : 'signed_out' });
        await flush();
        // Nothing more was asked until the wait is over.
        expect(ticketsAsked).toBe(round + 2);
        expect(delays).toHaveLength(round + 1);
        pending.shift()?.();
        await flush();
      }
      expect(delays.every((delay) => delay >= 1_000)).toBe(true);
      expect(sources).toHaveLength(8);
      client.stop();
    });
  });
});
