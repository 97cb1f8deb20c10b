import { Inject, Injectable } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { Webhook } from 'standardwebhooks';
import { Clock } from '@portal/config';
import type { Logger } from '@portal/logging';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { NotificationEnvironment } from '../notification-environment';
import { checkWebhookTarget, parseAllowList, WebhookAllowList, WebhookTargetRefused } from './webhook-address-guard';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entities';
import { WEBHOOK_ATTEMPTS, WebhookJobData } from './webhook-job';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-request';
import { WebhookSecrets } from './webhook-secrets';

/** Thrown for a non-2xx or no answer: BullMQ retries after the back-off, and after the last attempt the row says failed. */
export class WebhookAttemptFailed extends Error {}

/**
 * One attempt of one delivery: re-checks the URL (DNS may have changed since registration),
 * signs the body (Standard Webhooks: HMAC-SHA256 over id.timestamp.body; webhook-id is the
 * event id, the same on every attempt and replay, so receivers can de-duplicate), POSTs it
 * to the checked address and records the outcome on the row.
 */
@Injectable()
export class DeliverWebhookJob {
  private readonly allowList: WebhookAllowList;

  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: WebhookSecrets,
    private readonly clock: Clock,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: NotificationEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.allowList = parseAllowList(environment.WEBHOOK_ALLOWED_HOSTS);
  }

  async run(job: Job<WebhookJobData>): Promise<void> {
    const deliveries = this.dataSource.getRepository(WebhookDelivery);
    const delivery = await deliveries.findOneBy({ id: job.data.deliveryId });
    // Queued inside the event's transaction: not committed yet (or rolled back, and the event comes back). Try again later.
    if (!delivery) throw new WebhookAttemptFailed('delivery not recorded yet');
    if (delivery.status !== 'pending') return;
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? WEBHOOK_ATTEMPTS);
    const endpoint = await this.dataSource.getRepository(WebhookEndpoint).findOneBy({ id: delivery.endpointId });
    if (!endpoint || endpoint.deletedAt) {
      await deliveries.update({ id: delivery.id }, { status: 'failed', lastError: 'the endpoint was deleted' });
      throw new UnrecoverableError('the endpoint was deleted');
    }
    let status: number | null = null;
    let error: string | null;
    try {
      const target = await checkWebhookTarget(endpoint.url, { allowList: this.allowList, allowHttp: this.environment.NODE_ENV !== 'production' });
      const body = JSON.stringify(delivery.event);
      // The receiver compares this with its own clock: the wall clock, never a moved test clock.
      const sentAt = new Date();
      const headers = {
        'webhook-id': delivery.eventId,
        'webhook-timestamp': Math.floor(sentAt.getTime() / 1000).toString(),
        'webhook-signature': new Webhook(this.secrets.open(endpoint.secret)).sign(delivery.eventId, sentAt, body),
      };
      ({ status, error } = await postWebhook(target, body, headers, WEBHOOK_TIMEOUT_MS));
    } catch (refusal) {
      if (!(refusal instanceof WebhookTargetRefused)) throw refusal;
      error = refusal.message;
    }
    const succeeded = error === null;
    await deliveries.update(
      { id: delivery.id },
      {
        attempts: () => 'attempts + 1',
        lastResponseCode: status,
        lastError: error?.slice(0, 500) ?? null,
        lastAttemptAt: this.clock.now(),
        ...(succeeded ? { status: 'succeeded' as const, deliveredAt: this.clock.now() } : finalAttempt ? { status: 'failed' as const } : {}),
      },
    );
    if (!succeeded) {
      this.logger.warn({ deliveryId: delivery.id, eventId: delivery.eventId, endpointId: endpoint.id, attempt: job.attemptsMade + 1, status, err: error }, finalAttempt ? 'webhook delivery failed for good' : 'webhook attempt failed; will retry');
      throw new WebhookAttemptFailed(error ?? 'failed');
    }
  }
}
