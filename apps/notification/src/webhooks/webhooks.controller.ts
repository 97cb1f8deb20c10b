import { Controller } from '@nestjs/common';
import {
  Actor,
  CreatedWebhookEndpoint,
  CreateWebhookEndpointPayload,
  EmptyPayload,
  RequestMeta,
  WebhookCommands,
  WebhookDeliveriesPayload,
  WebhookDeliveryIdPayload,
  WebhookDeliveryPage,
  WebhookDeliveryView,
  WebhookEndpointDeleted,
  WebhookEndpointIdPayload,
  WebhookEndpointList,
} from '@portal/contracts';
import { CommandActor, CommandMeta, CommandPayload, HandlesCommand, PlatformSettings, requireAdminPermission } from '@portal/messaging';
import { DeleteWebhookEndpoint } from './delete-webhook-endpoint';
import { ListWebhookDeliveries } from './list-webhook-deliveries';
import { ListWebhookEndpoints } from './list-webhook-endpoints';
import { RegisterWebhookEndpoint } from './register-webhook-endpoint';
import { ReplayWebhookDelivery } from './replay-webhook-delivery';

/** Webhook endpoints and their delivery log, for admins whose role has the "settings" permission (re-checked here, as the gateway does). */
@Controller()
export class WebhooksController {
  constructor(
    private readonly settings: PlatformSettings,
    private readonly endpoints: ListWebhookEndpoints,
    private readonly register: RegisterWebhookEndpoint,
    private readonly deleteEndpoint: DeleteWebhookEndpoint,
    private readonly deliveries: ListWebhookDeliveries,
    private readonly replayDelivery: ReplayWebhookDelivery,
  ) {}

  @HandlesCommand(WebhookCommands.list)
  list(@CommandActor() actor: Actor | null, @CommandPayload() _payload: EmptyPayload): Promise<WebhookEndpointList> {
    this.admin(actor);
    return this.endpoints.run();
  }

  @HandlesCommand(WebhookCommands.create)
  create(@CommandActor() actor: Actor | null, @CommandPayload() payload: CreateWebhookEndpointPayload, @CommandMeta() meta: RequestMeta): Promise<CreatedWebhookEndpoint> {
    return this.register.run(this.admin(actor), payload, meta);
  }

  @HandlesCommand(WebhookCommands.delete)
  delete(@CommandActor() actor: Actor | null, @CommandPayload() { endpointId }: WebhookEndpointIdPayload, @CommandMeta() meta: RequestMeta): Promise<WebhookEndpointDeleted> {
    return this.deleteEndpoint.run(this.admin(actor), endpointId, meta);
  }

  @HandlesCommand(WebhookCommands.deliveries)
  listDeliveries(@CommandActor() actor: Actor | null, @CommandPayload() payload: WebhookDeliveriesPayload): Promise<WebhookDeliveryPage> {
    this.admin(actor);
    return this.deliveries.run(payload);
  }

  @HandlesCommand(WebhookCommands.replay)
  replay(@CommandActor() actor: Actor | null, @CommandPayload() { deliveryId }: WebhookDeliveryIdPayload, @CommandMeta() meta: RequestMeta): Promise<WebhookDeliveryView> {
    return this.replayDelivery.run(this.admin(actor), deliveryId, meta);
  }

  private admin(actor: Actor | null): Actor {
    return requireAdminPermission(this.settings, actor, 'settings', 'webhooks_not_allowed');
  }
}
