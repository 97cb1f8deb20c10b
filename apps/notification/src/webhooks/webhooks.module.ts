import { Module } from '@nestjs/common';
import { EVENT_OBSERVER } from '@portal/messaging';
import { RedisModule } from '@portal/redis';
import { EmailModule } from '../email/email.module';
import { DeleteWebhookEndpoint } from './delete-webhook-endpoint';
import { DeliverWebhookJob } from './deliver-webhook.job';
import { FanOutEvent } from './fan-out-event';
import { ListWebhookDeliveries } from './list-webhook-deliveries';
import { ListWebhookEndpoints } from './list-webhook-endpoints';
import { RegisterWebhookEndpoint } from './register-webhook-endpoint';
import { ReplayWebhookDelivery } from './replay-webhook-delivery';
import { WebhookQueue } from './webhook-queue';
import { WebhookSecrets } from './webhook-secrets';
import { WEBHOOK_WORKER_REDIS, WebhookWorker } from './webhook-worker';
import { WebhooksController } from './webhooks.controller';

/**
 * Webhooks for systems that do not speak NATS: endpoints admins register, a delivery per
 * subscribed event (FanOutEvent sees every event the service consumes, once), sent signed
 * by a BullMQ worker in the service process with retries for about a day.
 */
@Module({
  imports: [EmailModule, RedisModule.register({ token: WEBHOOK_WORKER_REDIS, name: 'notification-webhook-worker', profile: 'blocking' })],
  controllers: [WebhooksController],
  providers: [
    WebhookSecrets,
    WebhookQueue,
    FanOutEvent,
    { provide: EVENT_OBSERVER, useExisting: FanOutEvent },
    RegisterWebhookEndpoint,
    DeleteWebhookEndpoint,
    ListWebhookEndpoints,
    ListWebhookDeliveries,
    ReplayWebhookDelivery,
    DeliverWebhookJob,
    WebhookWorker,
  ],
  exports: [EVENT_OBSERVER],
})
export class WebhooksModule {}
