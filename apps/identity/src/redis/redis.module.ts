import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import type { Logger } from '@portal/logging';
import { IdentityEnvironment } from '../identity-environment';
import { REDIS } from './redis';
import { WindowCounters } from './window-counters';

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The service's Redis connection: login-failure counters, link quotas, revoked-session marks. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [SERVICE_ENVIRONMENT, LOGGER],
      useFactory: (environment: IdentityEnvironment, logger: Logger) => {
        // Few retries per command: a sign-in should fail fast rather than hang while Redis is away.
        const redis = new Redis(environment.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 5_000 });
        redis.on('error', (error: Error) => logger.warn({ err: error.message }, 'redis connection error'));
        return redis;
      },
    },
    RedisCloser,
    WindowCounters,
  ],
  exports: [REDIS, WindowCounters],
})
export class RedisModule {}
