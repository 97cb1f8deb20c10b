import { Cluster, ClusterOptions, Redis, RedisOptions } from 'ioredis';
import { parseRedisSentinels } from '@portal/config';
import type { RedisSentinelAddress, ServiceEnvironment } from '@portal/config';
import type { Logger } from '@portal/logging';
import type { HealthCheck } from '@portal/messaging';

/**
 * How a client behaves while Redis is away.
 *
 * - `fail-fast`: for request paths and queue producers. A command fails at once when
 *   there is no connection (no offline queue) and after `commandTimeoutMs` when Redis
 *   does not answer; one reconnection attempt per command at most. The caller decides
 *   what an outage means (a 503, a retried event, a limit left open) instead of hanging.
 *   That holds before the first connection too: RedisModule waits for it at start; code
 *   creating a client itself can await `whenRedisReady`.
 * - `blocking`: for BullMQ workers and other blocking reads. Commands wait for the
 *   connection to come back (offline queue, unlimited retries, no command time-out),
 *   as BullMQ requires of a worker's connection.
 */
export type RedisProfile = 'fail-fast' | 'blocking';

/** The logger calls a client makes: pino's Logger has them. */
export type RedisLogger = Pick<Logger, 'info' | 'warn'>;

/**
 * A client createRedisClient makes: one server (directly or through Sentinel) or a Redis
 * Cluster. Both take the same commands; on a Cluster, the keys of one multi-key command,
 * script or MULTI must share a slot (a hash tag: check layouts with clusterSlotOf).
 */
export type RedisClient = Redis | Cluster;

export interface RedisClientOptions {
  /** The connection's name on the server (CLIENT LIST) and in log lines, e.g. `identity`. */
  name: string;
  logger: RedisLogger;
  profile: RedisProfile;
  /**
   * Connect on the first command instead of at once (e.g. a process that may never need
   * Redis). A lazy fail-fast client keeps the offline queue, which holds that first
   * command while the connection is made; `commandTimeoutMs` still bounds the wait.
   */
  lazyConnect?: boolean;
  /** fail-fast only: a command without an answer after this long fails. Default 2 000 ms. */
  commandTimeoutMs?: number;
  /** Sends the commands issued in one event-loop tick as one pipeline. Default off. */
  enableAutoPipelining?: boolean;
  /** How long one connection attempt may take. Default 2 000 ms. */
  connectTimeoutMs?: number;
}

/**
 * Where a client connects: the server of a `redis://` URL, the primary a Sentinel group
 * names, or a Redis Cluster. Through Sentinel the URL gives only the user, password,
 * database number and TLS (`rediss://`) of the primary; its host and port are whatever the
 * sentinels answer. On a Cluster it gives the user, password and TLS of every node.
 */
export interface RedisTarget {
  url: string;
  sentinel?: {
    sentinels: RedisSentinelAddress[];
    /** The group the sentinels watch (`sentinel monitor <name> ...`). */
    name: string;
    /** The sentinels' own password, if they ask for one. */
    password?: string;
  };
  /** A few nodes of a Redis Cluster: the client learns the others (and the slots) from them. */
  cluster?: {
    nodes: RedisSentinelAddress[];
  };
}

/** The variables a Redis target is read from. */
export type RedisEnvironment = Pick<ServiceEnvironment, 'REDIS_URL' | 'REDIS_SENTINELS' | 'REDIS_SENTINEL_NAME' | 'REDIS_SENTINEL_PASSWORD'> &
  Partial<Pick<ServiceEnvironment, 'REDIS_CLUSTER_NODES'>>;

/**
 * The one reading of REDIS_URL, REDIS_SENTINELS, REDIS_SENTINEL_NAME,
 * REDIS_SENTINEL_PASSWORD and REDIS_CLUSTER_NODES: every Redis client of a process connects
 * to this target. loadEnvironment has already refused half a pair, a malformed list or
 * Sentinel and Cluster together; an environment built some other way is checked again here.
 */
export function redisTargetOf(environment: RedisEnvironment): RedisTarget {
  const { REDIS_URL: url, REDIS_SENTINELS: list, REDIS_SENTINEL_NAME: name, REDIS_SENTINEL_PASSWORD: password, REDIS_CLUSTER_NODES: clusterList } = environment;
  if (clusterList) {
    if (list || name) throw new Error('REDIS_CLUSTER_NODES and REDIS_SENTINELS are both set: set one or the other');
    const nodes = parseRedisSentinels(clusterList);
    if (!nodes) throw new Error('REDIS_CLUSTER_NODES must be a comma-separated list of host:port');
    if (databaseOf(url) !== 0) throw new Error('REDIS_URL names a database other than 0, which a Redis Cluster does not have');
    return { url, cluster: { nodes } };
  }
  if (!list && !name) return { url };
  const sentinels = list ? parseRedisSentinels(list) : null;
  if (!sentinels || !name) throw new Error('REDIS_SENTINELS (a host:port list) and REDIS_SENTINEL_NAME must be set together');
  return { url, sentinel: { sentinels, name, ...(password ? { password } : {}) } };
}

function databaseOf(url: string): number {
  return Number(new URL(url).pathname.slice(1) || '0');
}

/** The user and password of a URL, as ioredis options (for the primary behind Sentinel, or each node of a Cluster). */
function credentialsOf(url: URL): RedisOptions {
  return {
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
}

const SENTINEL_COMMAND_TIMEOUT_MS = 1_000;

/** The ioredis options that reach the primary of a Sentinel group, with the URL's credentials, database and TLS. */
export function sentinelConnectionOptions(target: RedisTarget & { sentinel: NonNullable<RedisTarget['sentinel']> }): RedisOptions {
  const url = new URL(target.url);
  const database = databaseOf(target.url);
  return {
    sentinels: target.sentinel.sentinels.map(({ host, port }) => ({ host, port })),
    name: target.sentinel.name,
    ...(target.sentinel.password ? { sentinelPassword: target.sentinel.password } : {}),
    ...credentialsOf(url),
    ...(Number.isInteger(database) && database > 0 ? { db: database } : {}),
    // ioredis reaches the primary over TLS only with both set (the sentinels stay plain TCP).
    ...(url.protocol === 'rediss:' ? { tls: {}, enableTLSForSentinelMode: true } : {}),
    role: 'master',
    // A sentinel that takes the connection but does not answer must not stall the search for the primary.
    sentinelCommandTimeout: SENTINEL_COMMAND_TIMEOUT_MS,
    // Listens to the sentinels' +switch-master and drops the connection at once, instead of
    // learning of the failover from the old primary (closed connections, READONLY refusals).
    failoverDetector: true,
  };
}

/**
 * The ioredis Cluster options of a profile: the profile's options go to the connection of
 * every node, except those a Cluster takes for itself (whether commands wait for a
 * connection, lazy connection, auto-pipelining, how reconnection is paced).
 */
export function clusterConnectionOptions(url: string, options: Omit<RedisClientOptions, 'logger'>): ClusterOptions {
  const parsed = new URL(url);
  const { retryStrategy, enableOfflineQueue, lazyConnect, enableAutoPipelining, ...nodeOptions } = redisClientOptions(options);
  return {
    clusterRetryStrategy: retryStrategy,
    enableOfflineQueue,
    lazyConnect,
    enableAutoPipelining,
    // Writes and reads go to the primaries: a replica may lag behind a revocation or a counter.
    scaleReads: 'master',
    redisOptions: { ...nodeOptions, ...credentialsOf(parsed), ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}) },
  };
}

/**
 * After a failover a client may still be connected to the old primary, now a replica that
 * refuses writes with READONLY: reconnecting (through the sentinels, or to a URL that follows
 * the primary) reaches the new one. A fail-fast command fails (the caller handles it, as for
 * any outage); a blocking one is sent again once reconnected, as it would have waited anyway.
 * A refused write has done nothing, so sending it again is safe.
 */
function reconnectOnReadOnly(profile: RedisProfile): NonNullable<RedisOptions['reconnectOnError']> {
  return (error: Error) => (error.message.startsWith('READONLY') ? (profile === 'blocking' ? 2 : 1) : false);
}

const DEFAULT_COMMAND_TIMEOUT_MS = 2_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;

/** The ioredis options of a profile; exported for the specs and for reading. */
export function redisClientOptions(options: Omit<RedisClientOptions, 'logger'>): RedisOptions {
  const common: RedisOptions = {
    connectionName: options.name,
    lazyConnect: options.lazyConnect ?? false,
    connectTimeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    enableAutoPipelining: options.enableAutoPipelining ?? false,
    // A dropped connection's socket is destroyed if it has not closed after this long
    // (ioredis arms the timer even for a socket already gone; the default 2 s keeps a
    // stopping process or a test run alive for nothing).
    disconnectTimeout: 500,
    // Reconnect for ever, a little slower each time, never more than 2 s apart.
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
    reconnectOnError: reconnectOnReadOnly(options.profile),
  };
  if (options.profile === 'blocking') {
    if (options.commandTimeoutMs !== undefined) {
      throw new Error(`Redis client "${options.name}": a command time-out would cut the blocking reads of the "blocking" profile`);
    }
    return { ...common, maxRetriesPerRequest: null, enableOfflineQueue: true };
  }
  return {
    ...common,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    // Without a connection a command fails at once, except the first command of a lazy
    // client, which needs the queue to wait for the connection it starts.
    enableOfflineQueue: options.lazyConnect === true,
  };
}

/**
 * An ioredis client of the given profile that reports an outage once (a warning when the
 * connection is lost, however many reconnection attempts follow) and its recovery (when
 * the connection is ready again), instead of a line per failed attempt. Every Redis
 * connection of the services is made here (BullMQ's through the clients it is given), so
 * all of them honour Sentinel and Cluster: give `redisTargetOf(environment)` rather than a
 * bare URL. A string target gives a `Redis`; a target with `cluster` a `Cluster`.
 */
export function createRedisClient(target: string, options: RedisClientOptions): Redis;
export function createRedisClient(target: string | RedisTarget, options: RedisClientOptions): RedisClient;
export function createRedisClient(target: string | RedisTarget, options: RedisClientOptions): RedisClient {
  const { url, sentinel, cluster } = typeof target === 'string' ? { url: target, sentinel: undefined, cluster: undefined } : target;
  const client: RedisClient = cluster
    ? new Cluster(
        cluster.nodes.map(({ host, port }) => ({ host, port })),
        clusterConnectionOptions(url, options),
      )
    : sentinel
      ? new Redis({ ...sentinelConnectionOptions({ url, sentinel }), ...redisClientOptions(options) })
      : new Redis(url, redisClientOptions(options));
  const { logger, name } = options;
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn({ redis: name, err: error.message }, 'Redis connection lost; reconnecting');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info({ redis: name }, 'Redis connection restored');
  });
  return client;
}

/**
 * A health check named `redis`: PING must answer PONG within `timeoutMs`. Fails at once
 * while the client has no connection (whatever its profile, so a blocking client does not
 * make the health reply wait); a lazy client not yet connected connects for it.
 */
export function redisHealthCheck(client: RedisClient, timeoutMs = 1_000): HealthCheck {
  return {
    name: 'redis',
    check: async () => {
      if (client.status !== 'ready' && client.status !== 'wait') throw new Error(`Redis is not connected (${client.status})`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer PING within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        const reply = await Promise.race([client.ping(), timeout]);
        if (reply !== 'PONG') throw new Error(`unexpected PING reply: ${reply}`);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Closes the client whether or not it is connected: QUIT (pending replies arrive first)
 * when it is ready, otherwise, or when QUIT gets no answer within `timeoutMs`, drops the
 * connection; either way it stops reconnecting. Resolves once the connection is closed.
 */
export async function closeRedisClient(client: RedisClient, timeoutMs = 2_000): Promise<void> {
  const status = client.status;
  if (status === 'end') return;
  if (status === 'wait' || status === 'close' || status === 'reconnecting') {
    // No socket: nothing to wait for (a pending reconnection is cancelled).
    client.disconnect();
    return;
  }
  const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
  const fallback = setTimeout(() => client.disconnect(), timeoutMs);
  let giveUp: NodeJS.Timeout | undefined;
  try {
    if (status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
    await Promise.race([ended, new Promise<void>((resolve) => (giveUp = setTimeout(resolve, 2 * timeoutMs)))]);
    // QUIT leaves the failover detector's connections to the sentinels open (ioredis
    // issue 1362); disconnect closes them.
    if (client instanceof Redis && client.options.sentinels) client.disconnect();
  } finally {
    clearTimeout(fallback);
    clearTimeout(giveUp);
  }
}

/** Resolves once the client is ready, or false after `timeoutMs` (never rejects). */
export function whenRedisReady(client: RedisClient, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('end', onEnd);
      resolve(ready);
    };
    const onReady = () => done(true);
    const onEnd = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.once('ready', onReady);
    client.once('end', onEnd);
  });
}
