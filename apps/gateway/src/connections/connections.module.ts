import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from '@portal/logging';
import { ServiceClient } from '@portal/messaging';
import { GatewayConfig } from '../config/gateway-environment';
import { NatsConnectionHolder } from './nats-connection.holder';
import { closeRedisClient, createRedisClient } from './redis-client';
import { GATEWAY_CONFIG, LOGGER, REDIS } from './tokens';

@Injectable()
class RedisLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: a Redis outage at start must not keep the gateway from serving what it can.
    this.redis.connect().catch((error: Error) => this.logger.warn({ redis: error.message }, 'Redis is not reachable yet; retrying'));
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedisClient(this.redis);
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
        NatsConnectionHolder,
        {
          provide: ServiceClient,
          inject: [NatsConnectionHolder],
          useFactory: (nats: NatsConnectionHolder) => new ServiceClient(() => nats.current, config.environment.NATS_REQUEST_TIMEOUT_MS),
        },
        { provide: REDIS, useFactory: () => createRedisClient(config.environment.REDIS_URL, logger) },
        RedisLifecycle,
      ],
      exports: [GATEWAY_CONFIG, LOGGER, NatsConnectionHolder, ServiceClient, REDIS],
    };
  }
}
