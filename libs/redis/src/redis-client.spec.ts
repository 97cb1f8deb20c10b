import { clusterConnectionOptions, redisClientOptions, redisTargetOf, sentinelConnectionOptions } from './redis-client';

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

  it('after a failover, a READONLY refusal reconnects: the fail-fast command fails, the blocking one is sent again', () => {
    const readOnly = new Error("READONLY You can't write against a read only replica.");
    const failFast = redisClientOptions({ name: 'x', profile: 'fail-fast' }).reconnectOnError!;
    const blocking = redisClientOptions({ name: 'x', profile: 'blocking' }).reconnectOnError!;
    expect([failFast(readOnly), blocking(readOnly)]).toEqual([1, 2]);
    expect([failFast(new Error('WRONGTYPE Operation against a key')), blocking(new Error('ERR syntax error'))]).toEqual([false, false]);
  });
});

describe('redisTargetOf', () => {
  it('is the URL alone without sentinels', () => {
    expect(redisTargetOf({ REDIS_URL: 'redis://cache:6379' })).toEqual({ url: 'redis://cache:6379' });
  });

  it('names the Sentinel group, its sentinels and their password when set', () => {
    expect(
      redisTargetOf({ REDIS_URL: 'redis://:secret@unused:6379/2', REDIS_SENTINELS: 'sentinel-0:26379, sentinel-1:26380,[::1]:26381', REDIS_SENTINEL_NAME: 'portal', REDIS_SENTINEL_PASSWORD: 'watch' }),
    ).toEqual({
      url: 'redis://:secret@unused:6379/2',
      sentinel: {
        sentinels: [
          { host: 'sentinel-0', port: 26379 },
          { host: 'sentinel-1', port: 26380 },
          { host: '::1', port: 26381 },
        ],
        name: 'portal',
        password: 'watch',
      },
    });
  });

  it('refuses half a pair or a malformed list (an environment not checked by loadEnvironment)', () => {
    expect(() => redisTargetOf({ REDIS_URL: 'redis://x', REDIS_SENTINELS: 'sentinel-0:26379' })).toThrow(/must be set together/);
    expect(() => redisTargetOf({ REDIS_URL: 'redis://x', REDIS_SENTINEL_NAME: 'portal' })).toThrow(/must be set together/);
    expect(() => redisTargetOf({ REDIS_URL: 'redis://x', REDIS_SENTINELS: 'sentinel-0', REDIS_SENTINEL_NAME: 'portal' })).toThrow(/must be set together/);
  });
});

describe('redisTargetOf on a Redis Cluster', () => {
  it('names the nodes of REDIS_CLUSTER_NODES, IPv6 hosts in brackets', () => {
    expect(redisTargetOf({ REDIS_URL: 'rediss://app:secret@unused:6379', REDIS_CLUSTER_NODES: 'redis-0:6379, [fd00::2]:6380' })).toEqual({
      url: 'rediss://app:secret@unused:6379',
      cluster: {
        nodes: [
          { host: 'redis-0', port: 6379 },
          { host: 'fd00::2', port: 6380 },
        ],
      },
    });
  });

  it('refuses Cluster and Sentinel together, a malformed list, and a database other than 0 (an environment not checked by loadEnvironment)', () => {
    expect(() => redisTargetOf({ REDIS_URL: 'redis://x', REDIS_CLUSTER_NODES: 'redis-0:6379', REDIS_SENTINELS: 's0:26379', REDIS_SENTINEL_NAME: 'portal' })).toThrow(
      'REDIS_CLUSTER_NODES and REDIS_SENTINELS are both set: set one or the other',
    );
    expect(() => redisTargetOf({ REDIS_URL: 'redis://x', REDIS_CLUSTER_NODES: 'redis-0' })).toThrow(/REDIS_CLUSTER_NODES must be a comma-separated list/);
    expect(() => redisTargetOf({ REDIS_URL: 'redis://x:6379/2', REDIS_CLUSTER_NODES: 'redis-0:6379' })).toThrow(/database other than 0/);
  });
});

describe('clusterConnectionOptions', () => {
  it("gives every node the profile's options and the URL's user, password and TLS; reads and writes go to the masters", () => {
    const options = clusterConnectionOptions('rediss://app:p%40ss@unused:6379', { name: 'gateway', profile: 'fail-fast', lazyConnect: true, enableAutoPipelining: true, commandTimeoutMs: 1_000 });
    expect(options).toMatchObject({ enableOfflineQueue: true, lazyConnect: true, enableAutoPipelining: true, scaleReads: 'master' });
    expect(options.redisOptions).toMatchObject({ connectionName: 'gateway', username: 'app', password: 'p@ss', tls: {}, maxRetriesPerRequest: 1, commandTimeout: 1_000 });
    expect(options.clusterRetryStrategy?.(20)).toBe(2_000);
  });

  it('blocking: the nodes wait for their connection without retry limit, as BullMQ requires of a Cluster worker', () => {
    const options = clusterConnectionOptions('redis://unused:6379', { name: 'worker', profile: 'blocking' });
    expect(options.enableOfflineQueue).toBe(true);
    expect(options.redisOptions).toMatchObject({ maxRetriesPerRequest: null });
    expect(options.redisOptions).not.toHaveProperty('commandTimeout');
    expect(options.redisOptions).not.toHaveProperty('password');
  });
});

describe('sentinelConnectionOptions', () => {
  it("asks the sentinels for the group's primary, with the URL's user, password and database, and watches for failovers", () => {
    const options = sentinelConnectionOptions({ url: 'redis://app:p%40ss@ignored:6379/4', sentinel: { sentinels: [{ host: 's0', port: 26379 }], name: 'portal', password: 'watch' } });
    expect(options).toEqual({
      sentinels: [{ host: 's0', port: 26379 }],
      name: 'portal',
      sentinelPassword: 'watch',
      username: 'app',
      password: 'p@ss',
      db: 4,
      role: 'master',
      sentinelCommandTimeout: 1_000,
      failoverDetector: true,
    });
  });

  it('reaches the primary over TLS for a rediss:// URL', () => {
    expect(sentinelConnectionOptions({ url: 'rediss://ignored', sentinel: { sentinels: [{ host: 's0', port: 26379 }], name: 'portal' } })).toMatchObject({
      tls: {},
      enableTLSForSentinelMode: true,
    });
  });
});
