/** Waits before reconnecting after a drop: 1 s, 2 s, 5 s, then every 10 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

export function reconnectDelay(failedAttempts: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(failedAttempts, 0), RECONNECT_DELAYS_MS.length - 1)];
}

/** The named events the gateway sends (see the gateway's RealtimeController). */
export const LIVE_EVENTS = ['ready', 'notification', 'ticket', 'transaction', 'security-deposit', 'end'] as const;
export type LiveEventName = (typeof LIVE_EVENTS)[number];

export type LiveState = 'connecting' | 'connected' | 'waiting';

/** The part of EventSource used here, so tests can hand in a fake. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
}

export interface RealtimeClientOptions {
  /** A single-use ticket for the stream (POST /api/v1/events/tickets, with the bearer token). */
  getTicket: () => Promise<string>;
  onEvent: (name: LiveEventName, data: Record<string, unknown>, reconnected: boolean) => void;
  onState?: (state: LiveState) => void;
  openSource?: (url: string) => EventSourceLike;
  schedule?: (callback: () => void, delayMs: number) => unknown;
  cancel?: (handle: unknown) => void;
}

/**
 * The browser's side of live updates: opens the event stream with a fresh ticket, hands
 * each event on, and after a drop reconnects with back-off (a new ticket each time: the
 * old one was used up). EventSource's own retry is not used: it would reuse a dead ticket.
 */
export class RealtimeClient {
  private source: EventSourceLike | null = null;
  private timer: unknown = null;
  private failures = 0;
  private everConnected = false;
  private stopped = true;

  constructor(private readonly options: RealtimeClientOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.source?.close();
    this.source = null;
    if (this.timer !== null) (this.options.cancel ?? clearTimeout)(this.timer as never);
    this.timer = null;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.options.onState?.('connecting');
    let ticket: string;
    try {
      ticket = await this.options.getTicket();
    } catch {
      return this.retryLater();
    }
    if (this.stopped) return;
    const open = this.options.openSource ?? ((url: string) => new EventSource(url) as unknown as EventSourceLike);
    const source = open(`/api/v1/events?ticket=${encodeURIComponent(ticket)}`);
    this.source = source;
    for (const name of LIVE_EVENTS) {
      source.addEventListener(name, (event) => {
        if (this.source !== source) return;
        let data: Record<string, unknown> = {};
        try {
          data = JSON.parse(event.data) as Record<string, unknown>;
        } catch {
          // a malformed event still tells us something changed
        }
        if (name === 'ready') {
          const reconnected = this.everConnected;
          this.everConnected = true;
          this.failures = 0;
          this.options.onState?.('connected');
          this.options.onEvent(name, data, reconnected);
        } else if (name === 'end') {
          // The server ended the stream: its access token expired, its session was revoked
          // (signed out elsewhere, suspended, deleted, role changed: data.reason says which),
          // or the server is going. Reconnect after the back-off with a fresh ticket: for a
          // revoked session that ticket request is refused (401), the session manager's
          // renewal fails too and signs the user out, which stops this client; until then
          // each refusal makes the next wait longer, never a tight loop.
          this.drop();
        } else {
          this.options.onEvent(name, data, false);
        }
      });
    }
    source.onerror = () => {
      if (this.source === source) this.drop();
    };
  }

  private drop(): void {
    this.source?.close();
    this.source = null;
    this.retryLater();
  }

  private retryLater(): void {
    if (this.stopped) return;
    this.options.onState?.('waiting');
    const delay = reconnectDelay(this.failures);
    this.failures++;
    this.timer = (this.options.schedule ?? setTimeout)(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }
}
