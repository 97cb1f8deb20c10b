import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';

type Schemas = components['schemas'];
export type TicketView = Schemas['TicketView'];
export type TicketDetail = Schemas['TicketDetail'];
export type TicketPage = Schemas['TicketPage'];
export type NewTicket = Schemas['CreateTicketPayload'];
export type TicketStatus = TicketView['status'];
export type TicketUpdate = Schemas['UpdateTicketBody'];

export const supportApi = {
  create: (body: NewTicket) => callGateway((client, init) => client.POST('/api/v1/support/tickets', { ...init, body })),
  listOwn: (limit: number) => callGateway((client, init) => client.GET('/api/v1/support/tickets', { ...init, params: { query: { limit } } })),
  getOwn: (id: string) => callGateway((client, init) => client.GET('/api/v1/support/tickets/{id}', { ...init, params: { path: { id } } })),
  reply: (id: string, message: string) =>
    callGateway((client, init) => client.POST('/api/v1/support/tickets/{id}/messages', { ...init, params: { path: { id } }, body: { message } })),
  ownSummary: () => callGateway((client, init) => client.GET('/api/v1/support/tickets/summary', init)),
  listAll: (query: { limit?: number; cursor?: string; status?: TicketStatus; q?: string }) =>
    callGateway((client, init) => client.GET('/api/v1/admin/support/tickets', { ...init, params: { query } })),
  getAny: (id: string) => callGateway((client, init) => client.GET('/api/v1/admin/support/tickets/{id}', { ...init, params: { path: { id } } })),
  update: (id: string, body: TicketUpdate) =>
    callGateway((client, init) => client.PATCH('/api/v1/admin/support/tickets/{id}', { ...init, params: { path: { id } }, body })),
  remove: (id: string) => callGateway((client, init) => client.DELETE('/api/v1/admin/support/tickets/{id}', { ...init, params: { path: { id } } })),
  allSummary: () => callGateway((client, init) => client.GET('/api/v1/admin/support/tickets/summary', init)),
};
