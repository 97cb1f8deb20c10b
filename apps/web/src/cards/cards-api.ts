import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';

type Schemas = components['schemas'];
export type CardRequestView = Schemas['CardRequestView'];
export type CardRequestPage = Schemas['CardRequestPage'];
export type NewCardRequest = Schemas['CreateCardRequestPayload'];
export type CardDecision = Schemas['DecideCardRequestBody'];
export type CardRequestStatus = CardRequestView['status'];

export interface CardRequestFilters {
  status?: CardRequestStatus;
  cardType?: CardRequestView['cardType'];
  cursor?: string;
  limit?: number;
}

export const cardsApi = {
  own: (query: CardRequestFilters = {}) => callGateway((client, init) => client.GET('/api/v1/cards/requests', { ...init, params: { query } })),
  create: (body: NewCardRequest, idempotencyKey: string) =>
    callGateway((client, init) => client.POST('/api/v1/cards/requests', { ...init, headers: { ...init.headers, 'Idempotency-Key': idempotencyKey }, body })),
  cancel: (id: string) => callGateway((client, init) => client.DELETE('/api/v1/cards/requests/{id}', { ...init, params: { path: { id } } })),
  all: (query: CardRequestFilters = {}) => callGateway((client, init) => client.GET('/api/v1/admin/cards/requests', { ...init, params: { query } })),
  decide: (id: string, body: CardDecision) =>
    callGateway((client, init) => client.POST('/api/v1/admin/cards/requests/{id}/decision', { ...init, params: { path: { id } }, body })),
};

export const cardKeys = {
  all: ['cards'] as const,
  own: (filters: CardRequestFilters) => [...cardKeys.all, 'own', filters] as const,
  admin: (filters: CardRequestFilters) => [...cardKeys.all, 'admin', filters] as const,
};

export const CARD_STATUS_COLOURS: Record<CardRequestStatus, string> = {
  pending: 'gold',
  approved: 'green',
  delivered: 'green',
  rejected: 'red',
  cancelled: 'default',
};
