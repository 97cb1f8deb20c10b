import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';

type Schemas = components['schemas'];
export type SessionView = Schemas['SessionView'];
export type SessionList = Schemas['SessionList'];
export type SessionsEnded = Schemas['SessionsEnded'];

export const sessionKeys = {
  mine: ['me', 'sessions'] as const,
  ofUser: (userId: string) => ['admin-users', userId, 'sessions'] as const,
};

/** Sessions and devices: the signed-in person's, a user's (User Management), and the emailed link. */
export const sessionsApi = {
  mine: (): Promise<SessionList> => callGateway((client, init) => client.GET('/api/v1/me/sessions', init)),
  endMine: (id: string): Promise<SessionsEnded> => callGateway((client, init) => client.DELETE('/api/v1/me/sessions/{id}', { ...init, params: { path: { id } } })),
  endMyOthers: (): Promise<SessionsEnded> => callGateway((client, init) => client.DELETE('/api/v1/me/sessions', init)),
  ofUser: (userId: string): Promise<SessionList> => callGateway((client, init) => client.GET('/api/v1/admin/users/{id}/sessions', { ...init, params: { path: { id: userId } } })),
  endUsers: (userId: string, sessionId: string): Promise<SessionsEnded> =>
    callGateway((client, init) => client.DELETE('/api/v1/admin/users/{id}/sessions/{sessionId}', { ...init, params: { path: { id: userId, sessionId } } })),
  endFromLink: (token: string) => callGateway((client, init) => client.POST('/api/v1/auth/end-session', { ...init, body: { token } }), { authenticated: false }),
};
