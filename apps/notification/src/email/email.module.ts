import { Module } from '@nestjs/common';
import { RedisModule } from '@portal/redis';
import { EMAIL_PRODUCER_REDIS, EmailQueue } from './email-queue';

/**
 * The producer's Redis connection fails fast: while Redis is away, queueing an email
 * fails at once and the event comes back from JetStream later, instead of hanging.
 */
const producerRedis = RedisModule.register({ token: EMAIL_PRODUCER_REDIS, name: 'notification-email-producer', profile: 'fail-fast' });

/** The email queue's producer side: what the rest of the service uses to send email. */
@Module({
  imports: [producerRedis],
  providers: [EmailQueue],
  exports: [EmailQueue, producerRedis],
})
export class EmailModule {}
