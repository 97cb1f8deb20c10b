import { WebhookDeliveryView, WebhookEndpointView } from '@portal/contracts';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entities';

export function endpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return { id: endpoint.id, url: endpoint.url, events: endpoint.events, description: endpoint.description, createdAt: endpoint.createdAt.toISOString() };
}

export function deliveryView(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastResponseCode: delivery.lastResponseCode,
    lastError: delivery.lastError,
    replayOf: delivery.replayOf,
    createdAt: delivery.createdAt.toISOString(),
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
  };
}
