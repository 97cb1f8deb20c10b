import { RealtimeClient, reconnectDelay, type EventSourceLike } from './realtime-client';

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

describe('live updates in the browser', () => {
  it('waits 1 s, 2 s, 5 s, then 10 s between reconnections', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
  });

  it('opens with a fresh ticket each time, passes events on, and backs off after drops until it is connected again', async () => {
    const sources: FakeSource[] = [];
    const delays: number[] = [];
    const pending: (() => void)[] = [];
    const received: [string, unknown, boolean][] = [];
    let tickets = 0;
    const client = new RealtimeClient({
      getTicket: async () => `ticket-${++tickets}`,
      onEvent: (name, data, reconnected) => received.push([name, data, reconnected]),
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
      sources[sources.length - 1].onerror?.(new Event('error'));
      expect(sources[sources.length - 1].closed).toBe(true);
      pending.shift()?.();
      await flush();
    }
    expect(delays).toEqual([1_000, 2_000, 5_000, 10_000]);
    expect(sources.map((source) => source.url)).toEqual([1, 2, 3, 4, 5].map((n) => `/api/v1/events?ticket=ticket-${n}`));

    sources[4].emit('ready', {});
    expect(received[received.length - 1]).toEqual(['ready', {}, true]);
    sources[4].onerror?.(new Event('error'));
    expect(delays[delays.length - 1]).toBe(1_000); // connected again: the back-off starts over
    client.stop();
  });

  it('after its session is revoked, asks for a new ticket only after the back-off, and waits longer with each refusal (401)', async () => {
    const sources: FakeSource[] = [];
    const delays: number[] = [];
    const pending: (() => void)[] = [];
    let ticketsAsked = 0;
    let revoked = false;
    const client = new RealtimeClient({
      getTicket: async () => {
        ticketsAsked++;
        if (revoked) throw Object.assign(new Error('This account has been suspended.'), { status: 401 });
        return `ticket-${ticketsAsked}`;
      },
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
    });
    client.start();
    await flush();
    sources[0].emit('ready', {});
    revoked = true;
    sources[0].emit('end', { reason: 'suspended' });
    expect(sources[0].closed).toBe(true);
    expect(ticketsAsked).toBe(1); // nothing asked until the wait is over
    for (let attempt = 0; attempt < 4; attempt++) {
      pending.shift()?.();
      await flush();
    }
    expect(ticketsAsked).toBe(5);
    expect(delays).toEqual([1_000, 2_000, 5_000, 10_000, 10_000]);
    expect(sources).toHaveLength(1);
    client.stop();
  });
});
