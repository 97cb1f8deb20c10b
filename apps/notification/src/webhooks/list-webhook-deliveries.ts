import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEFAULT_PAGE_SIZE, WebhookDeliveriesPayload, WebhookDeliveryPage, WebhookErrorCodes } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entities';
import { deliveryView } from './webhook-views';

/** An endpoint's delivery log, newest first, paged like other admin lists. A deleted endpoint's log stays readable. */
@Injectable()
export class ListWebhookDeliveries {
  constructor(private readonly dataSource: DataSource) {}

  async run({ endpointId, page = 1, pageSize = DEFAULT_PAGE_SIZE }: WebhookDeliveriesPayload): Promise<WebhookDeliveryPage> {
    if (!(await this.dataSource.getRepository(WebhookEndpoint).existsBy({ id: endpointId }))) {
      throw ServiceError.of(404, WebhookErrorCodes.endpointNotFound);
    }
    const [rows, total] = await this.dataSource.getRepository(WebhookDelivery).findAndCount({
      where: { endpointId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { items: rows.map(deliveryView), total, page, pageSize };
  }
}
