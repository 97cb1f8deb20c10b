import type { AuthSession, SessionUser } from '@portal/api-client';
import { isApiError } from '../api/api-error';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** True when a signed-in session could not be renewed, so the sign-in page can say why. */
  expired: boolean;
}

/** Runs a task while no other tab runs one under the same name (Web Locks API when present). */
export type Exclusive = <T>(task: () => Promise<T>) => Promise<T>;

export interface SessionManagerOptions {
  /** POST /auth/refresh: renews the session from the httpOnly cookie. */
  renew: () => Promise<AuthSession>;
  /** POST /auth/logout: revokes the session on the server and clears the cookie. */
  revoke: () => Promise<void>;
  exclusive?: Exclusive;
  now?: () => number;
  setTimer?: (callback: () => void, delayMs: number) => () => void;
  sleep?: (ms: number) => Promise<void>;
}

/** Spec 01 §9: a 30 s tick, renewing when three ticks remain. */
export const RENEW_TICK_MS = 30_000;
export const RENEW_LEAD_MS = 3 * RENEW_TICK_MS;
const MIN_RENEW_DELAY_MS = 5_000;
/** Spec 01 §9: retry back-off of 200 ms, doubling. */
export const RENEW_RETRY_DELAYS_MS = [200, 400, 800] as const;

const SIGNED_OUT: SessionState = { status: 'signedOut', user: null, expired: false };

/**
 * Holds the signed-in session for this page: the access token lives here, in memory only;
 * the refresh token is an httpOnly cookie the browser sends to /api/v1/auth.
 *
 * Renewal is single-flight: the server rotates the refresh token on every use and treats
 * a reused one as theft (ending the whole session family), so two renewals must never
 * race, neither within this tab (shared promise) nor across tabs (`exclusive`).
 */
export class SessionManager {
  private state: SessionState = { status: 'loading', user: null, expired: false };
  private accessToken: string | null = null;
  private renewal: Promise<boolean> | null = null;
  private restoring: Promise<void> | null = null;
  /** Bumped whenever a session begins or ends, so a late renewal answer cannot revive an old one. */
  private generation = 0;
  private cancelTimer: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();

  private readonly exclusive: Exclusive;
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, delayMs: number) => () => void;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: SessionManagerOptions) {
    this.exclusive = options.exclusive ?? ((task) => task());
    this.now = options.now ?? (() => Date.now());
    this.setTimer =
      options.setTimer ??
      ((callback, delayMs) => {
        const id = setTimeout(callback, delayMs);
        return () => clearTimeout(id);
      });
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  readonly getState = (): SessionState => this.state;

  readonly getAccessToken = (): string | null => this.accessToken;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Restores the session at page load from the refresh cookie; runs once per page. */
  restore(): Promise<void> {
    this.restoring ??= this.renew().then(() => undefined);
    return this.restoring;
  }

  /** Starts a session from a sign-in or email confirmation answer. */
  readonly begin = (session: AuthSession): void => {
    this.generation += 1;
    this.adopt(session);
  };

  /** Renews the access token; concurrent callers share one request. */
  readonly renew = (): Promise<boolean> => {
    this.renewal ??= this.renewWithRetry().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  };

  /** Signs out on the server (best effort) and forgets the session here. */
  readonly signOut = async (): Promise<void> => {
    // Let a renewal in flight settle first, or its new cookie would outlive the sign-out.
    await this.renewal?.catch(() => false);
    try {
      await this.options.revoke();
    } finally {
      this.end(false);
    }
  };

  private adopt(session: AuthSession): void {
    this.accessToken = session.accessToken;
    this.setState({ status: 'signedIn', user: session.user, expired: false });
    this.scheduleRenewal(this.renewalDelay(session));
  }

  private end(expired: boolean): void {
    this.generation += 1;
    this.accessToken = null;
    this.clearTimer();
    this.setState(expired ? { ...SIGNED_OUT, expired: true } : SIGNED_OUT);
  }

  private async renewWithRetry(): Promise<boolean> {
    const generation = this.generation;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const session = await this.exclusive(() => this.options.renew());
        if (generation !== this.generation) return false;
        this.adopt(session);
        return true;
      } catch (error) {
        if (generation !== this.generation) return false;
        if (!isTransient(error)) {
          this.end(this.state.status === 'signedIn');
          return false;
        }
        if (attempt < RENEW_RETRY_DELAYS_MS.length) {
          await this.sleep(RENEW_RETRY_DELAYS_MS[attempt]);
          continue;
        }
        // The gateway is unreachable, which says nothing about the session: keep a
        // signed-in user and try again on the next tick; at page load, show signed out.
        if (this.state.status === 'signedIn') this.scheduleRenewal(RENEW_TICK_MS);
        else this.end(false);
        return false;
      }
    }
  }

  /**
   * Delay before renewing. Counted from `expiresIn` on receipt rather than from
   * `expiresAt`, so a wrong clock on this computer cannot make us renew too late.
   */
  private renewalDelay(session: AuthSession): number {
    const fromLifetime = Number.isFinite(session.expiresIn) ? session.expiresIn * 1000 : NaN;
    const lifetime = Number.isFinite(fromLifetime) ? fromLifetime : Date.parse(session.expiresAt) - this.now();
    if (!Number.isFinite(lifetime)) return RENEW_TICK_MS;
    const delay = lifetime > 2 * RENEW_LEAD_MS ? lifetime - RENEW_LEAD_MS : lifetime / 2;
    return Math.max(MIN_RENEW_DELAY_MS, delay);
  }

  private scheduleRenewal(delayMs: number): void {
    this.clearTimer();
    this.cancelTimer = this.setTimer(() => {
      this.cancelTimer = null;
      void this.renew();
    }, delayMs);
  }

  private clearTimer(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private setState(next: SessionState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** Failures that say nothing about the session itself: no answer, or a gateway/service outage. */
function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

/** Cross-tab single flight through the Web Locks API; a plain call where it is missing. */
export function browserLock(name: string): Exclusive {
  return <T>(task: () => Promise<T>): Promise<T> =>
    typeof navigator !== 'undefined' && navigator.locks
      ? (navigator.locks.request(name, task) as Promise<T>)
      : task();
}
