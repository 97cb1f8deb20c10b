import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { APPLICATIONS_EVENTS_STREAM } from '../applications/events';
import { defineCommand, EmptyPayload, StreamDefinition } from '../common/messages';
import { IDENTITY_EVENTS_STREAM, IdentityEvents } from '../identity/subjects';
import { KYC_EVENTS_STREAM } from '../kyc/events';
import { LEDGER_EVENTS_STREAM } from '../ledger/events';
import { SUPPORT_EVENTS_STREAM } from '../support/events';
import { CursorQuery } from '../common/paging';
import { refusal } from '../common/refusal';

/**
 * The domain streams whose events an admin may send to a webhook endpoint: the ones the
 * notification service consumes. Audit records stay out: they name client addresses and
 * belong to the audit trail, not to other systems.
 */
const WEBHOOK_STREAMS: readonly StreamDefinition[] = [IDENTITY_EVENTS_STREAM, APPLICATIONS_EVENTS_STREAM, LEDGER_EVENTS_STREAM, KYC_EVENTS_STREAM, SUPPORT_EVENTS_STREAM];

/**
 * Events that carry a single-use link (email confirmation, password reset, email change):
 * whoever receives them could take over the account, so they never leave the platform.
 */
const NEVER_SENT: readonly string[] = [IdentityEvents.emailConfirmationRequested.subject, IdentityEvents.passwordResetRequested.subject, IdentityEvents.emailChangeRequested.subject];

/** Every event type (subject) a webhook endpoint may subscribe to, from the event registry. */
export const WEBHOOK_EVENT_TYPES: readonly string[] = WEBHOOK_STREAMS.flatMap((stream) => stream.subjects).filter((subject) => !subject.includes('.audit.') && !NEVER_SENT.includes(subject));

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookMessages = {
  notAllowed: 'Your admin role does not allow managing webhooks.',
  endpointNotFound: 'This webhook endpoint was not found.',
  deliveryNotFound: 'This webhook delivery was not found.',
  invalidUrl: 'The URL must be an absolute https:// URL (http:// is accepted outside production), without a user name or password.',
  unknownEventTypes: (types: string[]) => `Unknown event types: ${types.join(', ')}.`,
  eventTypesRequired: 'Choose at least one event type.',
  forbiddenAddress: (host: string) => `Webhooks cannot be sent to ${host}: it is or resolves to a private, loopback, link-local or otherwise internal address. An operator can allow it in WEBHOOK_ALLOWED_HOSTS.`,
  unresolvableHost: (host: string) => `The host ${host} could not be resolved.`,
} as const;

/** Error codes the API answers with (400 unless said). */
export const WebhookErrorCodes = {
  invalidUrl: 'webhook_url_invalid',
  forbiddenAddress: 'webhook_address_forbidden',
  unresolvableHost: 'webhook_host_unresolvable',
  unknownEventTypes: 'webhook_event_types_unknown',
  endpointNotFound: 'webhook_endpoint_not_found',
  deliveryNotFound: 'webhook_delivery_not_found',
} as const;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Registering an endpoint. The URL's safety (scheme, address) and the event types are checked by the notification service. */
export class CreateWebhookEndpointPayload {
  @ApiProperty({ maxLength: 2000, example: 'https://hooks.example.com/portal' })
  @Transform(trim)
  @IsString(refusal('webhook_url_invalid'))
  @MaxLength(2000)
  url: string;

  @ApiProperty({ type: [String], description: 'Event types (subjects) to receive, e.g. ledger.deposit.completed.v1', example: ['ledger.deposit.completed.v1'] })
  @IsArray(refusal('webhook_event_types_required'))
  @ArrayMinSize(1, refusal('webhook_event_types_required'))
  @ArrayMaxSize(200)
  @ArrayUnique()
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  events: string[];

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(500)
  description?: string;
}

export class WebhookEndpointView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() url: string;
  @ApiProperty({ type: [String] }) events: string[];
  @ApiProperty() description: string;
  @ApiProperty() createdAt: string;
}

/** The create answer: the only time the signing secret is shown. */
export class CreatedWebhookEndpoint extends WebhookEndpointView {
  @ApiProperty({ description: 'Standard Webhooks signing secret (whsec_…); shown once, store it now' }) secret: string;
}

export class WebhookEndpointList {
  @ApiProperty({ type: [WebhookEndpointView] }) items: WebhookEndpointView[];
}

export class WebhookEndpointIdPayload {
  @IsUUID('all', refusal('webhook_endpoint_not_found')) endpointId: string;
}

export class WebhookDeliveriesPayload extends CursorQuery {
  @IsUUID('all', refusal('webhook_endpoint_not_found')) endpointId: string;
}

export class WebhookDeliveryIdPayload {
  @IsUUID('all', refusal('webhook_delivery_not_found')) deliveryId: string;
}

export class WebhookDeliveryView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) endpointId: string;
  @ApiProperty({ format: 'uuid', description: 'The event id, sent as the webhook-id header' }) eventId: string;
  @ApiProperty() eventType: string;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES }) status: WebhookDeliveryStatus;
  @ApiProperty() attempts: number;
  @ApiPropertyOptional({ nullable: true, type: Number }) lastResponseCode: number | null;
  @ApiPropertyOptional({ nullable: true, type: String }) lastError: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'uuid', description: 'Set on a replay: the delivery it repeats' }) replayOf: string | null;
  @ApiProperty() createdAt: string;
  @ApiPropertyOptional({ nullable: true, type: String }) lastAttemptAt: string | null;
}

export class WebhookDeliveryPage {
  @ApiProperty({ type: [WebhookDeliveryView] }) items: WebhookDeliveryView[];
  @ApiProperty() total: number;
  /** Pass back as cursor for the next page; null on the last. */
  @ApiProperty({ nullable: true, type: String }) nextCursor: string | null;
}

export class WebhookEndpointDeleted {
  @ApiProperty({ format: 'uuid' }) id: string;
}

/** Webhook commands the notification service answers; admins whose role has the "settings" permission. */
export const WebhookCommands = {
  list: defineCommand<EmptyPayload, WebhookEndpointList>('notification.webhook.list.v1', EmptyPayload),
  create: defineCommand<CreateWebhookEndpointPayload, CreatedWebhookEndpoint>('notification.webhook.create.v1', CreateWebhookEndpointPayload),
  delete: defineCommand<WebhookEndpointIdPayload, WebhookEndpointDeleted>('notification.webhook.delete.v1', WebhookEndpointIdPayload),
  deliveries: defineCommand<WebhookDeliveriesPayload, WebhookDeliveryPage>('notification.webhook.deliveries.v1', WebhookDeliveriesPayload),
  replay: defineCommand<WebhookDeliveryIdPayload, WebhookDeliveryView>('notification.webhook.replay.v1', WebhookDeliveryIdPayload),
} as const;
