import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';

type Schemas = components['schemas'];
export type WebhookEndpointView = Schemas['WebhookEndpointView'];
export type CreatedWebhookEndpoint = Schemas['CreatedWebhookEndpoint'];
export type CreateWebhookEndpointPayload = Schemas['CreateWebhookEndpointPayload'];
export type WebhookDeliveryView = Schemas['WebhookDeliveryView'];
export type WebhookDeliveryPage = Schemas['WebhookDeliveryPage'];

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: string, cursor: string | undefined) => [...webhookKeys.all, 'deliveries', endpointId, cursor ?? null] as const,
};

export const webhooksApi = {
  list: () => callGateway((client, init) => client.GET('/api/v1/admin/webhooks', init)),
  /** Answers the signing secret: the only time it is shown. */
  create: (body: CreateWebhookEndpointPayload) => callGateway((client, init) => client.POST('/api/v1/admin/webhooks', { ...init, body })),
  remove: (id: string) => callGateway((client, init) => client.DELETE('/api/v1/admin/webhooks/{id}', { ...init, params: { path: { id } } })),
  deliveries: (id: string, cursor: string | undefined, limit: number) =>
    callGateway((client, init) => client.GET('/api/v1/admin/webhooks/{id}/deliveries', { ...init, params: { path: { id }, query: { cursor, limit } } })),
  /** Sends the delivery's event again, with the same webhook-id. */
  replay: (id: string) => callGateway((client, init) => client.POST('/api/v1/admin/webhooks/deliveries/{id}/replay', { ...init, params: { path: { id } } })),
};
