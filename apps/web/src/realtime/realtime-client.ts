/** The schedule of waits before reconnecting after a drop: about 1 s, 2 s, 5 s, then every 10 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/**
 * The range a wait is drawn from: from halfway to the step before to halfway to the step
 * after, within the first and the last step (1 s to 1.5 s, 1.5 s to 3.5 s, 3.5 s to 7.5 s,
 * then 7.5 s to 10 s). So no wait is shorter than 1 s or longer than 10 s, and the ranges
 * neither overlap nor leave gaps.
 */
export function reconnectDelayRange(failedAttempts: number): readonly [number, number] {
  const steps = RECONNECT_DELAYS_MS;
  const step = Math.min(Math.max(failedAttempts, 0), steps.length - 1);
  const low = step === 0 ? steps[0] : (steps[step - 1] + steps[step]) / 2;
  const high = step === steps.length - 1 ? steps[step] : (steps[step] + steps[step + 1]) / 2;
  return [low, high];
}

/**
 * A wait drawn at random from its range: after a server restart or a Redis blip ends every
 * stream at once, the browsers come back spread out instead of all at the same instant.
 * `random` is Math.random's contract, a number in [0, 1).
 */
export function reconnectDelay(failedAttempts: number, random: () => number = Math.random): number {
  const [low, high] = reconnectDelayRange(failedAttempts);
  return Math.round(low + (high - low) * Math.min(Math.max(random(), 0), 1));
}

/**
 * The `end` reasons that say this stream's session was revoked (the gateway's endReasonOf:
 * signed out elsewhere, a password change or reset, suspension, deletion, an admin's role
 * change). The others (token_expired, server_restarting, session_check_unavailable) leave
 * the session as it was.
 */
export const SESSION_REVOKED_REASONS: readonly string[] = ['signed_out', 'suspended', 'deleted', 'role_changed'];

/**
 * The `end` reason of a stream that outlived its access token. The session is fine: the new
 * ticket is asked for at once (with the renewed token, or renewing it on the 401), so live
 * updates do not pause for a back-off at every token expiry.
 */
export const TOKEN_EXPIRED_REASON = 'token_expired';

/**
 * How long a stream must have been connected (since its `ready`) for its end to earn another
 * immediate reconnect. Shorter streams keep the once-only guard set: a server that ends every
 * stream soon after opening it gets the back-off, never a tight loop of tickets and streams.
 * Any real stream lasts far longer (up to its access token's life, minutes).
 */
export const STEADY_STREAM_MS = 10_000;

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
  /** The jitter's random source (Math.random by default). */
  random?: () => number;
  /** A clock for how long streams last (performance.now by default: monotonic). */
  now?: () => number;
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
  /**
   * A ticket was asked for at once after an end (a revoked session's, or an expired token's)
   * and no stream has been connected for STEADY_STREAM_MS since: a server ending stream after
   * stream so waits its back-off.
   */
  private askedAtOnce = false;
  /** When the current stream delivered `ready` (null: not yet). */
  private readyAt: number | null = null;

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
    this.readyAt = null;
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
          this.readyAt = this.now();
          this.options.onState?.('connected');
          this.options.onEvent(name, data, reconnected);
        } else if (name === 'end') {
          // The server ended the stream (data.reason says why). After a revocation the new
          // ticket is asked for at once: it is refused (401), the session manager's renewal
          // is refused too and it signs the user out, which stops this client. After an
          // expired token it is asked for at once too: the request renews the token (or the
          // session manager already has), and the new stream follows without a gap. Anything
          // else (a server going, sessions that could not be checked) leaves the session be:
          // reconnect after the back-off, with a fresh ticket. At once only once in a row: a
          // stream that ends again before it was steady waits the back-off.
          const reason = String(data.reason);
          this.streamOver();
          if ((SESSION_REVOKED_REASONS.includes(reason) || reason === TOKEN_EXPIRED_REASON) && !this.askedAtOnce) {
            this.askedAtOnce = true;
            this.source?.close();
            this.source = null;
            this.failures++;
            void this.connect();
          } else {
            this.drop();
          }
        } else {
          this.options.onEvent(name, data, false);
        }
      });
    }
    source.onerror = () => {
      if (this.source !== source) return;
      this.streamOver();
      this.drop();
    };
  }

  private now(): number {
    return (this.options.now ?? (() => performance.now()))();
  }

  /** The current stream is over: one that was connected STEADY_STREAM_MS or longer lets the next end reconnect at once again. */
  private streamOver(): void {
    if (this.readyAt !== null && this.now() - this.readyAt >= STEADY_STREAM_MS) this.askedAtOnce = false;
    this.readyAt = null;
  }

  private drop(): void {
    this.source?.close();
    this.source = null;
    this.retryLater();
  }

  private retryLater(): void {
    if (this.stopped) return;
    this.options.onState?.('waiting');
    const delay = reconnectDelay(this.failures, this.options.random);
    this.failures++;
    this.timer = (this.options.schedule ?? setTimeout)(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }
}
