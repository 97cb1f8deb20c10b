import { DynamicModule, Inject, Injectable, InjectionToken, Module, OnApplicationShutdown, OnModuleInit, Provider, Type } from '@nestjs/common';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { closeRedisClient, createRedisClient, RedisClient, RedisClientOptions, RedisEnvironment, RedisLogger, RedisTarget, redisTargetOf, whenRedisReady } from './redis-client';

/** The default injection token of the client RedisModule.register provides. */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

export interface RedisModuleOptions extends Omit<RedisClientOptions, 'logger'> {
  /** The token the client is provided (and exported) under; default REDIS_CLIENT. */
  token?: InjectionToken;
  /**
   * The server (a URL), the Sentinel group or the Cluster; default the one the service environment
   * (SERVICE_ENVIRONMENT) names: `redisTargetOf(environment)`.
   */
  target?: string | RedisTarget;
  /** Default the service runtime's LOGGER. */
  logger?: RedisLogger;
  /** Provide the client to every module. Default false: export it from the importing module. */
  global?: boolean;
}

/**
 * Closes the client at shutdown, after every module has stopped using it (Nest calls
 * onApplicationShutdown after onModuleDestroy and beforeApplicationShutdown). At start it
 * gives an eager fail-fast client (which refuses commands until connected) up to its
 * connect time-out to be ready, so that the first requests do not meet a connection
 * still being made; a Redis that is down does not stop the start (the health check
 * reports it).
 */
function clientLifecycle(token: InjectionToken, waitMs: number): Type<unknown> {
  @Injectable()
  class RedisClientLifecycle implements OnModuleInit, OnApplicationShutdown {
    constructor(@Inject(token) private readonly client: RedisClient) {}

    async onModuleInit(): Promise<void> {
      if (waitMs > 0) await whenRedisReady(this.client, waitMs);
    }

    async onApplicationShutdown(): Promise<void> {
      await closeRedisClient(this.client);
    }
  }
  Object.defineProperty(RedisClientLifecycle, 'name', { value: `RedisClientLifecycle(${String(token instanceof Function ? token.name : token)})` });
  return RedisClientLifecycle;
}

/**
 * One Redis client for the importing module, under a token, closed at shutdown:
 *
 * ```ts
 * imports: [RedisModule.register({ token: EMAIL_PRODUCER_REDIS, name: 'notification-email-producer', profile: 'fail-fast' })]
 * ```
 *
 * Register it once per client (a BullMQ producer and worker need two). The target
 * (REDIS_URL, the Sentinel group of REDIS_SENTINELS and REDIS_SENTINEL_NAME, or the
 * Cluster of REDIS_CLUSTER_NODES) and the
 * logger come from the service runtime unless given.
 */
@Module({})
export class RedisModule {
  static register(options: RedisModuleOptions): DynamicModule {
    const { token = REDIS_CLIENT, target, logger, global = false, ...clientOptions } = options;
    const client: Provider = {
      provide: token,
      inject: [
        { token: SERVICE_ENVIRONMENT, optional: true },
        { token: LOGGER, optional: true },
      ],
      useFactory: (environment: Partial<RedisEnvironment> | undefined, runtimeLogger: RedisLogger | undefined) => {
        const redisTarget = target ?? (environment?.REDIS_URL ? redisTargetOf({ ...environment, REDIS_URL: environment.REDIS_URL }) : undefined);
        const redisLogger = logger ?? runtimeLogger;
        if (!redisTarget) throw new Error(`Redis client "${clientOptions.name}": no target given and no REDIS_URL in the service environment`);
        if (!redisLogger) throw new Error(`Redis client "${clientOptions.name}": no logger given and no LOGGER provided`);
        return createRedisClient(redisTarget, { ...clientOptions, logger: redisLogger });
      },
    };
    // Only an eager fail-fast client refuses commands before its first connection.
    const waitMs = clientOptions.profile === 'fail-fast' && !clientOptions.lazyConnect ? (clientOptions.connectTimeoutMs ?? 2_000) : 0;
    return { module: RedisModule, global, providers: [client, clientLifecycle(token, waitMs)], exports: [token] };
  }
}
