import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { WebhookEndpointList } from '@portal/contracts';
import { WebhookEndpoint } from './webhook.entities';
import { endpointView } from './webhook-views';

/** The endpoints not deleted, newest first. */
@Injectable()
export class ListWebhookEndpoints {
  constructor(private readonly dataSource: DataSource) {}

  async run(): Promise<WebhookEndpointList> {
    const endpoints = await this.dataSource.getRepository(WebhookEndpoint).find({ where: { deletedAt: IsNull() }, order: { createdAt: 'DESC' } });
    return { items: endpoints.map(endpointView) };
  }
}
