import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';
import type { MoneyCurrency } from '../money/display-currency';

export type CustomerViewAccount = components['schemas']['CustomerViewAccount'];
type Currency = MoneyCurrency;

/** Every query of the customer view starts with this: none is shared with the admin's own screens. */
export const customerViewKeys = {
  all: ['customer-view'] as const,
  of: (userId: string) => [...customerViewKeys.all, userId] as const,
  account: (userId: string) => [...customerViewKeys.of(userId), 'account'] as const,
  balance: (userId: string, currency: string) => [...customerViewKeys.of(userId), 'balance', currency] as const,
  summary: (userId: string, currency: string) => [...customerViewKeys.of(userId), 'summary', currency] as const,
  transactions: (userId: string, cursor?: string) => [...customerViewKeys.of(userId), 'transactions', cursor ?? null] as const,
  securityDeposits: (userId: string) => [...customerViewKeys.of(userId), 'security-deposits'] as const,
  investments: (userId: string) => [...customerViewKeys.of(userId), 'investments'] as const,
  performance: (userId: string, currency: string, from?: string) => [...customerViewKeys.of(userId), 'performance', currency, from ?? 'default'] as const,
  tickets: (userId: string, limit: number) => [...customerViewKeys.of(userId), 'tickets', limit] as const,
  ticket: (userId: string, ticketId: string) => [...customerViewKeys.of(userId), 'ticket', ticketId] as const,
  applications: (userId: string) => [...customerViewKeys.of(userId), 'applications'] as const,
};

const path = (userId: string) => ({ path: { userId } });

/**
 * GET /api/v1/admin/customer-view/{userId}/...: what the customer's own endpoints answer,
 * read only; the gateway records each call in the audit trail before answering.
 */
export const customerViewApi = {
  account: (userId: string) => callGateway((client, init) => client.GET('/api/v1/admin/customer-view/{userId}', { ...init, params: path(userId) })),
  balance: (userId: string, currency: Currency) =>
    callGateway((client, init) => client.GET('/api/v1/admin/customer-view/{userId}/balance', { ...init, params: { ...path(userId), query: { currency } } })),
  summary: (userId: string, currency: Currency) =>
    callGateway((client, init) => client.GET('/api/v1/admin/customer-view/{userId}/transactions/summary', { ...init, params: { ...path(userId), query: { currency } } })),
  transactions: (userId: string, query: { cursor?: string; limit?: number }) =>
    callGateway((client, init) => client.GET('/api/v1/admin/customer-view/{userId}/transactions', { ...init, params: { ...path(userId), query } })),
  securityDeposits: (userId: string) => callGateway((client, init) => client.GET('/api/v1/admin/customer-view/{userId}/security-deposits', { ...init, params: path(userId) })),
  investments: (userId: string) => callGateway((client, init) => client.GET('/api/v1/admin/customer-view/{userId}/investments', { ...init, params: path(userId) })),
  performance: (userId: string, currency: Currency, from?: string) =>
    callGateway((client, init) =>
      client.GET('/api/v1/admin/customer-view/{userId}/portfolio/performance', { ...init, params: { ...path(userId), query: { currency, ...(from ? { from } : {}) } } }),
    ),
  applications: (userId: string) => callGateway((client, init) => client.GET('/api/v1/admin/customer-view/{userId}/applications', { ...init, params: path(userId) })),
  tickets: (userId: string, limit: number) =>
    callGateway((client, init) => client.GET('/api/v1/admin/customer-view/{userId}/support/tickets', { ...init, params: { ...path(userId), query: { limit } } })),
  ticket: (userId: string, ticketId: string) =>
    callGateway((client, init) => client.GET('/api/v1/admin/customer-view/{userId}/support/tickets/{ticketId}', { ...init, params: { path: { userId, ticketId } } })),
};
