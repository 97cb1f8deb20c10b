import type { AuthSession } from '@portal/api-client';
import { ApiError } from '../api/api-error';
import { aSession } from '../test/builders';
import { RENEW_LEAD_MS, SessionManager, type Exclusive, type SessionManagerOptions } from './session-manager';

const unauthorized = () => new ApiError({ status: 401, message: 'Session ended', fromServer: true });
const unavailable = () => new ApiError({ status: 503, message: 'Service unavailable', fromServer: true });

/** A promise the test settles by hand, to hold a renewal "in flight". */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function buildManager(overrides: Partial<SessionManagerOptions> = {}) {
  const timers: { callback: () => void; delayMs: number; cancelled: boolean }[] = [];
  const options: SessionManagerOptions = {
    renew: jest.fn(async () => aSession()),
    revoke: jest.fn(async () => undefined),
    setTimer: (callback, delayMs) => {
      const timer = { callback, delayMs, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    sleep: jest.fn(async () => undefined),
    ...overrides,
  };
  return { manager: new SessionManager(options), options, timers };
}

describe('SessionManager', () => {
  it('starts loading and restores the session from the refresh cookie', async () => {
    const { manager } = buildManager();
    expect(manager.getState().status).toBe('loading');
    await manager.restore();
    expect(manager.getState()).toMatchObject({ status: 'signedIn', user: { firstName: 'Ada' } });
    expect(manager.getAccessToken()).toBe('access-customer');
  });

  it('is signed out when the refresh cookie is refused', async () => {
    const { manager } = buildManager({ renew: jest.fn(async () => Promise.reject(unauthorized())) });
    await manager.restore();
    expect(manager.getState()).toEqual({ status: 'signedOut', user: null, expired: false });
    expect(manager.getAccessToken()).toBeNull();
  });

  it('restores only once per page, however often it is asked', async () => {
    const { manager, options } = buildManager();
    await Promise.all([manager.restore(), manager.restore()]);
    await manager.restore();
    expect(options.renew).toHaveBeenCalledTimes(1);
  });

  it('never runs two renewals at once: concurrent callers share one request', async () => {
    const pending = deferred<AuthSession>();
    const renew = jest.fn(() => pending.promise);
    const { manager } = buildManager({ renew });

    const first = manager.renew();
    const second = manager.renew();
    const third = manager.renew();
    expect(renew).toHaveBeenCalledTimes(1);

    pending.resolve(aSession('customer', { accessToken: 'rotated' }));
    await expect(Promise.all([first, second, third])).resolves.toEqual([true, true, true]);
    expect(manager.getAccessToken()).toBe('rotated');
  });

  it('starts a new renewal once the previous one has settled', async () => {
    const { manager, options } = buildManager();
    await manager.renew();
    await manager.renew();
    expect(options.renew).toHaveBeenCalledTimes(2);
  });

  it('runs the renewal inside the cross-tab lock', async () => {
    const exclusive = jest.fn((task: () => Promise<unknown>) => task());
    const { manager } = buildManager({ exclusive: exclusive as Exclusive });
    await manager.renew();
    expect(exclusive).toHaveBeenCalledTimes(1);
  });

  it('marks a signed-in session as expired when renewal is refused', async () => {
    const renew = jest.fn<Promise<AuthSession>, []>().mockRejectedValue(unauthorized());
    const { manager } = buildManager({ renew });
    manager.begin(aSession());
    await expect(manager.renew()).resolves.toBe(false);
    expect(manager.getState()).toEqual({ status: 'signedOut', user: null, expired: true });
  });

  it('retries an outage with a doubling back-off, then keeps the signed-in user', async () => {
    const renew = jest.fn<Promise<AuthSession>, []>().mockRejectedValue(unavailable());
    const sleep = jest.fn(async () => undefined);
    const { manager, timers } = buildManager({ renew, sleep });
    manager.begin(aSession());

    await expect(manager.renew()).resolves.toBe(false);
    expect(sleep.mock.calls).toEqual([[200], [400], [800]]);
    expect(renew).toHaveBeenCalledTimes(4);
    expect(manager.getState().status).toBe('signedIn');
    expect(timers.at(-1)).toMatchObject({ delayMs: 30_000, cancelled: false });
  });

  it('recovers when a retry succeeds', async () => {
    const renew = jest
      .fn<Promise<AuthSession>, []>()
      .mockRejectedValueOnce(unavailable())
      .mockResolvedValueOnce(aSession('admin'));
    const { manager } = buildManager({ renew });
    await expect(manager.renew()).resolves.toBe(true);
    expect(manager.getState().user?.userType).toBe('admin');
  });

  it('schedules the silent renewal three ticks before the token expires', () => {
    const { manager, timers } = buildManager();
    manager.begin(aSession('customer', { expiresIn: 900 }));
    expect(timers).toHaveLength(1);
    expect(timers[0].delayMs).toBe(900_000 - RENEW_LEAD_MS);
  });

  it('renews at half-life when the token lives too briefly for the usual lead', () => {
    const { manager, timers } = buildManager();
    manager.begin(aSession('customer', { expiresIn: 120 }));
    expect(timers[0].delayMs).toBe(60_000);
  });

  it('renews when the scheduled time comes', async () => {
    const { manager, options, timers } = buildManager();
    manager.begin(aSession());
    timers[0].callback();
    await Promise.resolve();
    expect(options.renew).toHaveBeenCalledTimes(1);
  });

  it('signs out on the server and forgets the session here', async () => {
    const { manager, options, timers } = buildManager();
    manager.begin(aSession());
    await manager.signOut();
    expect(options.revoke).toHaveBeenCalledTimes(1);
    expect(manager.getState()).toEqual({ status: 'signedOut', user: null, expired: false });
    expect(manager.getAccessToken()).toBeNull();
    expect(timers[0].cancelled).toBe(true);
  });

  it('forgets the session even when the server cannot be told', async () => {
    const { manager } = buildManager({ revoke: jest.fn(async () => Promise.reject(unavailable())) });
    manager.begin(aSession());
    await expect(manager.signOut()).rejects.toBeInstanceOf(ApiError);
    expect(manager.getState().status).toBe('signedOut');
  });

  it('lets a renewal in flight settle before signing out, so the rotated session is the one revoked', async () => {
    const pending = deferred<AuthSession>();
    const { manager, options } = buildManager({ renew: jest.fn(() => pending.promise) });
    manager.begin(aSession());
    const renewal = manager.renew();
    const signingOut = manager.signOut();
    expect(options.revoke).not.toHaveBeenCalled();

    pending.resolve(aSession('customer', { accessToken: 'late' }));
    await signingOut;
    await renewal;
    expect(options.revoke).toHaveBeenCalledTimes(1);
    expect(manager.getState().status).toBe('signedOut');
    expect(manager.getAccessToken()).toBeNull();
  });

  it('does not let a late renewal answer replace a session begun meanwhile', async () => {
    const pending = deferred<AuthSession>();
    const { manager } = buildManager({ renew: jest.fn(() => pending.promise) });
    const renewal = manager.renew();
    manager.begin(aSession('admin', { accessToken: 'fresh-sign-in' }));
    pending.resolve(aSession('customer', { accessToken: 'stale' }));
    await expect(renewal).resolves.toBe(false);
    expect(manager.getAccessToken()).toBe('fresh-sign-in');
  });

  it('notifies subscribers of every change', async () => {
    const { manager } = buildManager();
    const listener = jest.fn();
    const unsubscribe = manager.subscribe(listener);
    manager.begin(aSession());
    await manager.signOut();
    unsubscribe();
    manager.begin(aSession());
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
