import { redisClientOptions } from './redis-client';

describe('redisClientOptions', () => {
  it('fail-fast: no offline queue, one retry per command, a command time-out', () => {
    expect(redisClientOptions({ name: 'identity', profile: 'fail-fast' })).toMatchObject({
      connectionName: 'identity',
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 2_000,
      connectTimeout: 2_000,
      enableAutoPipelining: false,
    });
  });

  it('fail-fast and lazy: keeps the offline queue for the first command, bounded by the command time-out', () => {
    const options = redisClientOptions({ name: 'gateway-1', profile: 'fail-fast', lazyConnect: true, commandTimeoutMs: 1_000, enableAutoPipelining: true });
    expect(options).toMatchObject({ lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: 1, commandTimeout: 1_000, enableAutoPipelining: true });
  });

  it('blocking: waits for the connection (offline queue, unlimited retries), no command time-out', () => {
    const options = redisClientOptions({ name: 'notification-email-worker', profile: 'blocking' });
    expect(options).toMatchObject({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    expect(options.commandTimeout).toBeUndefined();
    expect(() => redisClientOptions({ name: 'worker', profile: 'blocking', commandTimeoutMs: 1_000 })).toThrow(/would cut the blocking reads/);
  });

  it('reconnects for ever, backing off to at most 2 s', () => {
    const { retryStrategy } = redisClientOptions({ name: 'x', profile: 'fail-fast' });
    expect([1, 2, 5, 10, 1_000].map((attempt) => retryStrategy!(attempt))).toEqual([200, 400, 1_000, 2_000, 2_000]);
  });
});
