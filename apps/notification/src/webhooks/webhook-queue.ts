import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { JobQueue } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import type { RedisClient } from '@portal/redis';
import { EMAIL_PRODUCER_REDIS } from '../email/email-queue';
import { NotificationEnvironment } from '../notification-environment';
import { WebhookJobData, webhookJobOptions } from './webhook-job';

/** The webhook queue's producer side, on the service's fail-fast Redis connection (an outage fails the event, which comes back). */
@Injectable()
export class WebhookQueue implements BeforeApplicationShutdown {
  private readonly queue: Queue<WebhookJobData>;

  constructor(
    @Inject(EMAIL_PRODUCER_REDIS) redis: RedisClient,
    @Inject(SERVICE_ENVIRONMENT) environment: NotificationEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.queue = new Queue<WebhookJobData>(JobQueue.Webhook, { connection: redis, prefix: environment.BULLMQ_PREFIX });
    this.queue.on('error', (error) => {
      if (redis.status === 'ready') this.logger.warn({ err: error.message }, 'webhook queue error');
    });
  }

  /** Queues the delivery unless its job exists already (an event handled again): BullMQ keeps the existing one. */
  async enqueue(deliveryId: string, requestId?: string): Promise<void> {
    await this.queue.add('deliver', { deliveryId, requestId }, webhookJobOptions(deliveryId));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
