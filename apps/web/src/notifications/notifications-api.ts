import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';

type Schemas = components['schemas'];
export type NotificationView = Schemas['NotificationView'];
export type BroadcastPayload = Schemas['BroadcastPayload'];
export type RecipientStats = Schemas['RecipientStats'];
export type FailedEmailView = Schemas['FailedEmailView'];

export const notificationsApi = {
  /** The signed-in user's unread notifications (the bell's badge). */
  unreadCount: async (): Promise<number> => (await callGateway((client, init) => client.GET('/api/v1/notifications/unread-count', init))).count,
  list: (limit = 20) => callGateway((client, init) => client.GET('/api/v1/notifications', { ...init, params: { query: { limit } } })),
  markRead: (id: string) => callGateway((client, init) => client.POST('/api/v1/notifications/{id}/read', { ...init, params: { path: { id } } })),
  markAllRead: () => callGateway((client, init) => client.POST('/api/v1/notifications/read-all', init)),
  broadcast: (body: BroadcastPayload) => callGateway((client, init) => client.POST('/api/v1/admin/notifications/broadcast', { ...init, body })),
  stats: () => callGateway((client, init) => client.GET('/api/v1/admin/notifications/stats', init)),
  findRecipients: (q: string) => callGateway((client, init) => client.GET('/api/v1/admin/notifications/recipients', { ...init, params: { query: { q } } })),
  failedEmails: () => callGateway((client, init) => client.GET('/api/v1/admin/notifications/failed-emails', init)),
  /** Queues a failed email again; answers its new state. */
  retryFailedEmail: (id: string) => callGateway((client, init) => client.POST('/api/v1/admin/notifications/failed-emails/{id}/retry', { ...init, params: { path: { id } } })),
  /** Removes a failed email for good: it is not sent. */
  dismissFailedEmail: (id: string) => callGateway((client, init) => client.DELETE('/api/v1/admin/notifications/failed-emails/{id}', { ...init, params: { path: { id } } })),
};
