import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEFAULT_PAGE_SIZE, WebhookDeliveriesPayload, WebhookDeliveryPage, WebhookErrorCodes } from '@portal/contracts';
import { keysetPageOf } from '@portal/database';
import { ServiceError } from '@portal/messaging';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entities';
import { deliveryView } from './webhook-views';

/** An endpoint's delivery log, newest first, in cursor pages like other lists. A deleted endpoint's log stays readable. */
@Injectable()
export class ListWebhookDeliveries {
  constructor(private readonly dataSource: DataSource) {}

  async run({ endpointId, limit = DEFAULT_PAGE_SIZE, cursor }: WebhookDeliveriesPayload): Promise<WebhookDeliveryPage> {
    if (!(await this.dataSource.getRepository(WebhookEndpoint).existsBy({ id: endpointId }))) {
      throw ServiceError.of(404, WebhookErrorCodes.endpointNotFound);
    }
    const deliveries = this.dataSource.getRepository(WebhookDelivery).createQueryBuilder('delivery').where('delivery.endpointId = :endpointId', { endpointId });
    const [{ rows, nextCursor }, total] = await Promise.all([keysetPageOf(deliveries, { at: 'delivery.createdAt', id: 'delivery.id', limit, cursor }), deliveries.getCount()]);
    return { items: rows.map(deliveryView), nextCursor, total };
  }
}
