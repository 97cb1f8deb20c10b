import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { Actor, CreatedWebhookEndpoint, CreateWebhookEndpointPayload, RequestMeta, WEBHOOK_EVENT_TYPES, WebhookErrorCodes } from '@portal/contracts';
import { SERVICE_ENVIRONMENT, ServiceError } from '@portal/messaging';
import { NotificationEnvironment } from '../notification-environment';
import { checkWebhookTarget, parseAllowList, WebhookAllowList, WebhookTargetRefused } from './webhook-address-guard';
import { auditWebhookAction } from './webhook-audit';
import { WebhookEndpoint } from './webhook.entities';
import { endpointView } from './webhook-views';
import { newWebhookSecret, WebhookSecrets } from './webhook-secrets';

/** An admin registers an endpoint: a safe URL, known event types; the signing secret is answered once and kept encrypted. */
@Injectable()
export class RegisterWebhookEndpoint {
  private readonly allowList: WebhookAllowList;

  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: WebhookSecrets,
    private readonly clock: Clock,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: NotificationEnvironment,
  ) {
    this.allowList = parseAllowList(environment.WEBHOOK_ALLOWED_HOSTS);
  }

  async run(admin: Actor, payload: CreateWebhookEndpointPayload, meta: RequestMeta): Promise<CreatedWebhookEndpoint> {
    const unknown = payload.events.filter((type) => !WEBHOOK_EVENT_TYPES.includes(type));
    if (unknown.length > 0) throw ServiceError.of(400, WebhookErrorCodes.unknownEventTypes, { params: { types: unknown.join(', ') } });
    try {
      await checkWebhookTarget(payload.url, { allowList: this.allowList, allowHttp: this.environment.NODE_ENV !== 'production' });
    } catch (error) {
      if (error instanceof WebhookTargetRefused) throw ServiceError.of(400, error.code, { params: error.params });
      throw error;
    }
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpoint = {
      id: randomUUID(),
      url: payload.url,
      events: payload.events,
      description: payload.description ?? '',
      secret: this.secrets.seal(secret),
      createdBy: admin.userId,
      createdAt: this.clock.now(),
      deletedAt: null,
    };
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(WebhookEndpoint, endpoint);
      await auditWebhookAction(manager, admin, meta, {
        actionType: 'webhook_endpoint_created',
        targetType: 'webhook_endpoint',
        targetId: endpoint.id,
        description: `Registered the webhook endpoint ${endpoint.url}`,
        metadata: { url: endpoint.url, events: endpoint.events },
      });
    });
    return { ...endpointView(endpoint), secret };
  }
}
