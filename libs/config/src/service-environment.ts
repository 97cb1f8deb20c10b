import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, registerDecorator, ValidationArguments } from 'class-validator';

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

export const NODE_ENVIRONMENTS = ['development', 'test', 'production'] as const;
export type NodeEnvironment = (typeof NODE_ENVIRONMENTS)[number];

/** What every backend process needs; each app extends it with its own variables. */
export class ServiceEnvironment {
  @IsIn(NODE_ENVIRONMENTS)
  NODE_ENV: NodeEnvironment = 'development';

  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// URL' })
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/portal';

  @Matches(/^rediss?:\/\/.+/, { message: 'must be a redis:// URL' })
  REDIS_URL: string = 'redis://127.0.0.1:6379';

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
  @IsInt()
  @Min(100)
  @Max(60_000)
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
  @IsInt()
  @Min(1)
  @Max(100)
  EVENT_MAX_ATTEMPTS: number = 10;

  /** Wait before an event's first redelivery after a failure; it doubles each attempt, up to a minute. */
  @IsInt()
  @Min(1)
  @Max(60_000)
  EVENT_RETRY_DELAY_MS: number = 1_000;

  /**
   * Events a consumer handles at once. Events about one person (payload.userId) keep their
   * order, as do events of one subject that name nobody; each in flight holds a database
   * connection for its transaction, so keep it well below the pool size.
   */
  @IsInt()
  @Min(1)
  @Max(32)
  EVENT_CONCURRENCY: number = 4;

  /** Copies of each JetStream stream a NATS cluster keeps (3 in production; 1 on a single server). */
  @IsInt()
  @Min(1)
  @Max(5)
  JETSTREAM_REPLICAS: number = 1;

  /**
   * Outside production only: moves every service's "today" forward by whole days, so
   * accrual and maturity can be watched on a running stack. Refused in production.
   */
  @IsInt()
  @Min(0)
  @Max(36_600)
  @ZeroInProduction('must be 0 in production (moving the clock is for testing only)')
  CLOCK_OFFSET_DAYS: number = 0;

  /**
   * A small HTTP port of the service's own for its orchestrator's probes: liveness at
   * /health/live, readiness (database, NATS, Redis where used) at /health/ready. Unset:
   * no HTTP port (local runs and tests ask over NATS instead).
   */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65_535)
  HEALTH_PORT?: number;
}
