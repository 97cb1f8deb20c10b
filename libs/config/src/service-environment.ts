import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, registerDecorator, ValidationArguments } from 'class-validator';
import { parseFlag } from './flags';
import { IsIntInRange } from './integer-variable';
import { parseRedisSentinels } from './redis-sentinels';

/** Zero whenever NODE_ENV is production: test-only switches never reach a real deployment. */
function ZeroInProduction(message: string) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'zeroInProduction',
      target: target.constructor,
      propertyName,
      options: { message },
      validator: { validate: (value: unknown, args: ValidationArguments) => (args.object as { NODE_ENV?: string }).NODE_ENV !== 'production' || value === 0 },
    });
}

/** The variable may only be set when `other` is set too (one half of a pair is a mistake, not a choice). */
function RequiresVariable(other: string) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'requiresVariable',
      target: target.constructor,
      propertyName,
      options: { message: `is set but ${other} is not: set both or neither` },
      validator: { validate: (_value: unknown, args: ValidationArguments) => !isUnset((args.object as Record<string, unknown>)[other]) },
    });
}

/** The variable may not be set together with `other` (two ways to reach Redis: the choice would be a guess). */
function ExcludesVariable(other: string) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'excludesVariable',
      target: target.constructor,
      propertyName,
      options: { message: `is set and so is ${other}: set one or the other` },
      validator: { validate: (_value: unknown, args: ValidationArguments) => isUnset((args.object as Record<string, unknown>)[other]) },
    });
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A REDIS_SENTINELS or REDIS_CLUSTER_NODES list parseRedisSentinels accepts. */
function IsSentinelList(example = 'sentinel-0:26379,sentinel-1:26379') {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isSentinelList',
      target: target.constructor,
      propertyName,
      options: { message: `must be a comma-separated list of host:port (e.g. ${example})` },
      validator: { validate: (value: unknown) => typeof value === 'string' && parseRedisSentinels(value) !== null },
    });
}

export const NODE_ENVIRONMENTS = ['development', 'test', 'production'] as const;
export type NodeEnvironment = (typeof NODE_ENVIRONMENTS)[number];

/** What every backend process needs; each app extends it with its own variables. */
export class ServiceEnvironment {
  @IsIn(NODE_ENVIRONMENTS)
  NODE_ENV: NodeEnvironment = 'development';

  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// URL' })
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/portal';

  /**
   * Connections this process keeps to PostgreSQL (or to PgBouncer). Replicas times pool
   * size, summed over the services, must stay under the server's max_connections (or the
   * pooler's max_client_conn). At least 2: a once-per-cluster job holds its lock on one
   * connection while its work runs on another (libs/database cluster-lock.ts).
   */
  @IsIntInRange(2, 100)
  DATABASE_POOL_SIZE: number = 10;

  /**
   * Named prepared statements on hot reads. false behind PgBouncer in transaction mode
   * (1.18 does not carry them between server connections): the same SQL then runs as a
   * plain parameterised query.
   */
  @Transform(parseFlag)
  @IsBoolean()
  DATABASE_PREPARED_STATEMENTS: boolean = true;

  /**
   * A direct connection to PostgreSQL (not through a pooler) for migrations and their
   * session-level advisory lock. Unset: DATABASE_URL.
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// URL' })
  DATABASE_MIGRATION_URL?: string;

  /**
   * run: the process migrates its schema at start (one machine). skip: a Kubernetes Job or
   * init step runs `npm run migrate` (or the service's dist/migrate.js) before the pods start.
   */
  @IsIn(['run', 'skip'])
  DATABASE_MIGRATIONS: 'run' | 'skip' = 'run';

  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// URL' })
  REDIS_URL: string = 'redis://127.0.0.1:6379';

  /**
   * Redis through Sentinel: the sentinels to ask (`host:port,host:port`; a few are enough,
   * the client learns the others) and the name of the group they watch (`sentinel monitor
   * <name> ...`). Both or neither. When set, every Redis client asks the sentinels for the
   * current primary and follows a failover; REDIS_URL then gives only the user, password,
   * database number and TLS (`rediss://`) of the primary, not its address.
   */
  @IsOptional()
  @IsSentinelList()
  @RequiresVariable('REDIS_SENTINEL_NAME')
  REDIS_SENTINELS?: string;

  @IsOptional()
  @Matches(/^[^\s]+$/, { message: 'must be the name of the group the sentinels watch, without spaces' })
  @RequiresVariable('REDIS_SENTINELS')
  REDIS_SENTINEL_NAME?: string;

  /** The sentinels' own password (`requirepass` of the sentinels), when they ask for one. */
  @IsOptional()
  @IsString()
  @RequiresVariable('REDIS_SENTINELS')
  REDIS_SENTINEL_PASSWORD?: string;

  /**
   * Redis Cluster: a few of its nodes (`host:port,host:port`, an IPv6 host in brackets);
   * the client learns the others and the slot map from them and follows resharding and
   * failovers. Not together with REDIS_SENTINELS. REDIS_URL then gives only the user,
   * password and TLS (`rediss://`) of the nodes; a cluster has database 0 only.
   */
  @IsOptional()
  @IsSentinelList('redis-0:6379,redis-1:6379,redis-2:6379')
  @ExcludesVariable('REDIS_SENTINELS')
  REDIS_CLUSTER_NODES?: string;

  @Matches(/^(nats|tls):\/\/.+/, { message: 'must be a nats:// URL (comma separated for a cluster)' })
  NATS_URL: string = 'nats://127.0.0.1:4222';

  /**
   * The process's NATS login (`npm run nats:config` writes one env file per process):
   * with it, the server lets it do exactly what the bus access registry declares. Unset
   * (local development): no authentication. NATS_CREDS_FILE: a decentralised-auth
   * .creds file instead of a user and password.
   */
  @IsOptional()
  @IsString()
  NATS_USER?: string;

  @IsOptional()
  @IsString()
  NATS_PASSWORD?: string;

  @IsOptional()
  @IsString()
  NATS_CREDS_FILE?: string;

  @Matches(/^https?:\/\/.+/, { message: 'must be an http(s):// URL' })
  WEB_URL: string = 'http://localhost:3000';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** Time a service waits for another service's reply before giving up. */
  @IsIntInRange(100, 60_000)
  NATS_REQUEST_TIMEOUT_MS: number = 5_000;

  @IsOptional()
  @IsString()
  JWT_KEYS_DIR?: string;

  /** This process's Ed25519 key for signing commands (raw 32 bytes, base64url); required in production. */
  @IsOptional()
  @IsString()
  COMMAND_SIGNING_KEY?: string;

  /** The public keys of every process whose commands are trusted: `gateway:<key>,identity:<key>,…`; required in production. */
  @IsOptional()
  @IsString()
  COMMAND_SIGNERS?: string;

  /** AES-256 key (32 bytes, base64 or hex) for secrets inside platform settings; required in production. */
  @IsOptional()
  @IsString()
  SETTINGS_ENCRYPTION_KEY?: string;

  /** Deliveries of an event a consumer attempts before it goes to the dead-letter stream. */
  @IsIntInRange(1, 100)
  EVENT_MAX_ATTEMPTS: number = 10;

  /** Wait before an event's first redelivery after a failure; it doubles each attempt, up to a minute. */
  @IsIntInRange(1, 60_000)
  EVENT_RETRY_DELAY_MS: number = 1_000;

  /**
   * Events a consumer handles at once. Events about one person (payload.userId) keep their
   * order, as do events of one subject that name nobody; each in flight holds a database
   * connection for its transaction, so keep it well below the pool size.
   */
  @IsIntInRange(1, 32)
  EVENT_CONCURRENCY: number = 4;

  /** Copies of each JetStream stream a NATS cluster keeps (3 in production; 1 on a single server). */
  @IsIntInRange(1, 5)
  JETSTREAM_REPLICAS: number = 1;

  /**
   * Size limit of each JetStream stream, in bytes (1 GiB). The server reserves it from its
   * file store for every stream (seven), so the store must be larger than seven times it.
   * A full stream refuses new events; the outbox keeps them until old ones expire.
   */
  @IsIntInRange(1_048_576)
  JETSTREAM_MAX_BYTES: number = 1_073_741_824;

  /**
   * Days a stream keeps an event. Below the 30 days a consumer remembers processed
   * events, so a redelivery of the oldest kept event is still recognised.
   */
  @IsIntInRange(1, 29)
  JETSTREAM_MAX_AGE_DAYS: number = 7;

  /** Days the dead-letter stream keeps a letter for an operator. */
  @IsIntInRange(1, 365)
  JETSTREAM_DEAD_LETTER_MAX_AGE_DAYS: number = 30;

  /**
   * Outside production only: moves every service's "today" forward by whole days, so
   * accrual and maturity can be watched on a running stack. Refused in production.
   */
  @IsIntInRange(0, 36_600)
  @ZeroInProduction('must be 0 in production (moving the clock is for testing only)')
  CLOCK_OFFSET_DAYS: number = 0;

  /**
   * A small HTTP port of the service's own for its orchestrator's probes: liveness at
   * /health/live, readiness (database, NATS, Redis where used) at /health/ready. Unset:
   * no HTTP port (local runs and tests ask over NATS instead).
   */
  @IsOptional()
  @IsIntInRange(1, 65_535)
  HEALTH_PORT?: number;
}
