import type { AdminUserPage, AdminUserSummary, CreateAdminPayload, SessionUser } from '@portal/api-client';
import type { AdminRole } from '@portal/domain-rules';
import { callGateway } from '../api/http';

export type { AdminRole };

export interface UserFilter {
  q?: string;
  status?: 'active' | 'suspended' | 'pending';
  kycStatus?: 'pending' | 'verified' | 'rejected';
  userType?: 'customer' | 'admin';
}

/** One page of the list: the filter, and the cursor and page size (API.md's `limit`). */
export type UserPageQuery = UserFilter & { cursor?: string; limit?: number };

export const userKeys = {
  all: ['admin-users'] as const,
  list: (filter: UserPageQuery) => [...userKeys.all, 'list', filter] as const,
};

export const usersApi = {
  list: (filter: UserPageQuery): Promise<AdminUserPage> => callGateway((client, init) => client.GET('/api/v1/admin/users', { ...init, params: { query: filter } })),
  suspend: (id: string): Promise<AdminUserSummary> =>
    callGateway((client, init) => client.POST('/api/v1/admin/users/{id}/suspend', { ...init, params: { path: { id } }, body: {} })),
  activate: (id: string): Promise<AdminUserSummary> => callGateway((client, init) => client.POST('/api/v1/admin/users/{id}/activate', { ...init, params: { path: { id } } })),
  changeRole: (id: string, adminRole: AdminRole): Promise<AdminUserSummary> =>
    callGateway((client, init) => client.PUT('/api/v1/admin/users/{id}/admin-role', { ...init, params: { path: { id } }, body: { adminRole } })),
  remove: (id: string): Promise<unknown> => callGateway((client, init) => client.DELETE('/api/v1/admin/users/{id}', { ...init, params: { path: { id } } })),
  createAdmin: (body: CreateAdminPayload): Promise<SessionUser> => callGateway((client, init) => client.POST('/api/v1/admin/admins', { ...init, body })),
};
