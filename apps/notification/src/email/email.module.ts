import { Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from '@portal/logging';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { NotificationEnvironment } from '../notification-environment';
import { EMAIL_PRODUCER_REDIS, EmailQueue } from './email-queue';
import { closeRedisConnection, createRedisConnection } from './redis';

@Injectable()
class ProducerRedisCloser implements OnApplicationShutdown {
  constructor(@Inject(EMAIL_PRODUCER_REDIS) private readonly connection: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await closeRedisConnection(this.connection);
  }
}

/** The email queue's producer side: what the rest of the service uses to send email. */
@Module({
  providers: [
    {
      provide: EMAIL_PRODUCER_REDIS,
      inject: [SERVICE_ENVIRONMENT, LOGGER],
      useFactory: (environment: NotificationEnvironment, logger: Logger) => createRedisConnection(environment.REDIS_URL, 'producer', logger),
    },
    EmailQueue,
    ProducerRedisCloser,
  ],
  exports: [EmailQueue, EMAIL_PRODUCER_REDIS],
})
export class EmailModule {}
