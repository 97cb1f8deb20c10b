import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { Clock } from '@portal/config';
import { Actor, RequestMeta, WebhookEndpointDeleted, WebhookErrorCodes } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { auditWebhookAction } from './webhook-audit';
import { WebhookEndpoint } from './webhook.entities';

/** Stops an endpoint receiving anything (deliveries still waiting fail); its delivery log is kept. */
@Injectable()
export class DeleteWebhookEndpoint {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  run(admin: Actor, endpointId: string, meta: RequestMeta): Promise<WebhookEndpointDeleted> {
    return this.dataSource.transaction(async (manager) => {
      const endpoint = await manager.findOne(WebhookEndpoint, { where: { id: endpointId, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
      if (!endpoint) throw ServiceError.of(404, WebhookErrorCodes.endpointNotFound);
      await manager.update(WebhookEndpoint, { id: endpointId }, { deletedAt: this.clock.now() });
      await auditWebhookAction(manager, admin, meta, {
        actionType: 'webhook_endpoint_deleted',
        targetType: 'webhook_endpoint',
        targetId: endpointId,
        description: `Deleted the webhook endpoint ${endpoint.url}`,
        metadata: { url: endpoint.url, events: endpoint.events },
      });
      return { id: endpointId };
    });
  }
}
