import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from '@portal/logging';
import { resolveCommandKeys, ServiceClient } from '@portal/messaging';
import { RedisClient, RedisModule, redisTargetOf } from '@portal/redis';
import { GatewayConfig } from '../config/gateway-environment';
import { NatsConnectionHolder } from './nats-connection.holder';
import { GATEWAY_CONFIG, LOGGER, REDIS } from './tokens';
import { Clock, clockFromEnvironment } from '@portal/config';

/** Connects the lazy Redis client when the app starts (the lib closes it at shutdown). */
@Injectable()
class RedisLifecycle implements OnApplicationBootstrap {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: a Redis outage at start must not keep the gateway from serving what it can.
    this.redis.connect().catch((error: Error) => this.logger.warn({ redis: error.message }, 'Redis is not reachable yet; retrying'));
  }
}

/** Configuration, logger, NATS (through ServiceClient) and Redis for every feature module. */
@Global()
@Module({})
export class ConnectionsModule {
  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: ConnectionsModule,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        // The one clock: token expiry is judged by it, as identity signs by it (CLOCK_OFFSET_DAYS outside production).
        { provide: Clock, useValue: clockFromEnvironment(config.environment) },
        NatsConnectionHolder,
        {
          provide: ServiceClient,
          inject: [NatsConnectionHolder],
          useFactory: (nats: NatsConnectionHolder) => new ServiceClient(() => nats.current, config.environment.NATS_REQUEST_TIMEOUT_MS, config.commandKeys ?? resolveCommandKeys('gateway', config.environment)),
        },
        RedisLifecycle,
      ],
      // Lazy, so the offline OpenAPI writer stays free of connections; commands time out
      // after a second, so a Redis outage degrades the gateway (rate limits open, sign-in
      // checks answer 503) instead of hanging it; the commands of concurrent requests go
      // out together (auto-pipelining).
      imports: [
        RedisModule.register({
          token: REDIS,
          target: redisTargetOf(config.environment),
          logger,
          name: `gateway-${process.pid}`,
          profile: 'fail-fast',
          lazyConnect: true,
          commandTimeoutMs: 1_000,
          enableAutoPipelining: true,
        }),
      ],
      exports: [GATEWAY_CONFIG, LOGGER, Clock, NatsConnectionHolder, ServiceClient, RedisModule],
    };
  }
}
