import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { Actor, RequestMeta, WebhookDeliveryView, WebhookErrorCodes } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { auditWebhookAction } from './webhook-audit';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entities';
import { WebhookQueue } from './webhook-queue';
import { deliveryView } from './webhook-views';

/**
 * Sends a delivered (or failed) event again, as a new delivery with its own attempts. It
 * carries the same event and so the same webhook-id: a receiver that de-duplicates keeps one.
 */
@Injectable()
export class ReplayWebhookDelivery {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: WebhookQueue,
    private readonly clock: Clock,
  ) {}

  async run(admin: Actor, deliveryId: string, meta: RequestMeta): Promise<WebhookDeliveryView> {
    const replay = await this.dataSource.transaction(async (manager) => {
      const original = await manager.findOneBy(WebhookDelivery, { id: deliveryId });
      if (!original) throw ServiceError.of(404, WebhookErrorCodes.deliveryNotFound);
      const endpoint = await manager.findOneBy(WebhookEndpoint, { id: original.endpointId });
      if (!endpoint || endpoint.deletedAt) throw ServiceError.of(404, WebhookErrorCodes.endpointNotFound);
      const row: WebhookDelivery = {
        ...original,
        id: randomUUID(),
        status: 'pending',
        attempts: 0,
        lastResponseCode: null,
        lastError: null,
        replayOf: original.id,
        createdAt: this.clock.now(),
        lastAttemptAt: null,
        deliveredAt: null,
      };
      await manager.insert(WebhookDelivery, row);
      await auditWebhookAction(manager, admin, meta, {
        actionType: 'webhook_delivery_replayed',
        targetType: 'webhook_delivery',
        targetId: row.id,
        description: `Replayed the ${original.eventType} event to ${endpoint.url}`,
        metadata: { endpointId: endpoint.id, eventId: original.eventId, eventType: original.eventType, replayOf: original.id },
      });
      return row;
    });
    // After the commit: the job finds its row at once.
    await this.queue.enqueue(replay.id, meta.requestId);
    return deliveryView(replay);
  }
}
