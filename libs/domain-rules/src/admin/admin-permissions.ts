import type { UserMessageCode } from '../messages/user-messages';

/**
 * Who may do what in the back office: the admin roles, the permissions a role can be
 * granted (System Settings → Admin Roles), each role's default grants, and the permission
 * every admin endpoint requires. The gateway and the services enforce these; the web app
 * reads the same table to show only what the admin may use.
 */

export const ADMIN_ROLES = ['super_admin', 'admin', 'moderator', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Permissions an admin role can be granted in the admin_roles setting ('all' is super_admin's). */
export const ADMIN_PERMISSIONS = ['users', 'investments', 'transactions', 'kyc', 'tickets', 'notifications', 'reports', 'settings'] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** The admin_roles setting's default (spec 02 §6); the live value comes from settings. */
export const DEFAULT_ADMIN_ROLE_PERMISSIONS: Record<AdminRole, string[]> = {
  super_admin: ['all'],
  admin: ['users', 'investments', 'transactions', 'kyc'],
  moderator: ['users', 'kyc'],
  support: ['tickets', 'notifications'],
};

/** Whether an admin role grants a permission under an admin_roles value (the default when it is missing or malformed). */
export function adminRoleAllows(configured: unknown, role: AdminRole | null, permission: string): boolean {
  if (!role) return false;
  const roles = configured && typeof configured === 'object' ? (configured as Record<string, unknown>) : {};
  const granted = Array.isArray(roles[role]) ? (roles[role] as unknown[]) : DEFAULT_ADMIN_ROLE_PERMISSIONS[role];
  return granted.includes('all') || granted.includes(permission);
}

/**
 * What an admin endpoint needs: a permission of the caller's role (admin_roles setting),
 * `all` (super administrators only: the rule identity applies to roles, audit logs,
 * setting changes, admin accounts and deletions) or `any_admin` (every admin's pages).
 */
export type AdminEndpointPermission = AdminPermission | 'all' | 'any_admin';

/**
 * The permission table: every admin operation of the gateway (as the OpenAPI document
 * names it) and the permission it declares. The gateway's declarations must equal it (its
 * OpenAPI test), and the endpoint × role e2e test checks every answer against it.
 */
export const ADMIN_ENDPOINT_PERMISSIONS: Readonly<Record<string, AdminEndpointPermission>> = {
  'POST /api/v1/admin/admins': 'all',
  'GET /api/v1/admin/applications': 'investments',
  'POST /api/v1/admin/applications/{id}/review': 'investments',
  'GET /api/v1/admin/audit-logs': 'all',
  'GET /api/v1/admin/cards/requests': 'transactions',
  'POST /api/v1/admin/cards/requests/{id}/decision': 'transactions',
  'GET /api/v1/admin/earnings': 'reports',
  'GET /api/v1/admin/health': 'any_admin',
  'GET /api/v1/admin/investments': 'investments',
  'GET /api/v1/admin/kyc/documents': 'kyc',
  'POST /api/v1/admin/kyc/documents/request': 'kyc',
  'POST /api/v1/admin/kyc/documents/{id}/review': 'kyc',
  'GET /api/v1/admin/ledger/check': 'transactions',
  'GET /api/v1/admin/maturities': 'reports',
  'GET /api/v1/admin/me/permissions': 'any_admin',
  'POST /api/v1/admin/notifications/broadcast': 'notifications',
  'GET /api/v1/admin/notifications/failed-emails': 'notifications',
  'DELETE /api/v1/admin/notifications/failed-emails/{id}': 'notifications',
  'POST /api/v1/admin/notifications/failed-emails/{id}/retry': 'notifications',
  'GET /api/v1/admin/notifications/recipients': 'notifications',
  'GET /api/v1/admin/notifications/stats': 'notifications',
  'GET /api/v1/admin/reports': 'reports',
  'GET /api/v1/admin/security-deposits': 'transactions',
  'POST /api/v1/admin/security-deposits': 'transactions',
  'POST /api/v1/admin/security-deposits/{id}/lock': 'transactions',
  'POST /api/v1/admin/security-deposits/{id}/unlock': 'transactions',
  'GET /api/v1/admin/settings': 'settings',
  'PUT /api/v1/admin/settings/{key}': 'all',
  'GET /api/v1/admin/settings/{key}/history': 'settings',
  'GET /api/v1/admin/stats': 'any_admin',
  'GET /api/v1/admin/support/tickets': 'tickets',
  'GET /api/v1/admin/support/tickets/summary': 'tickets',
  'GET /api/v1/admin/support/tickets/{id}': 'tickets',
  'PATCH /api/v1/admin/support/tickets/{id}': 'tickets',
  'DELETE /api/v1/admin/support/tickets/{id}': 'tickets',
  'GET /api/v1/admin/transactions': 'transactions',
  'GET /api/v1/admin/transactions/stats': 'transactions',
  'POST /api/v1/admin/transactions/{id}/approve': 'transactions',
  'POST /api/v1/admin/transactions/{id}/reject': 'transactions',
  'GET /api/v1/admin/users': 'users',
  'GET /api/v1/admin/customer-view/{userId}': 'users',
  'GET /api/v1/admin/customer-view/{userId}/balance': 'users',
  'GET /api/v1/admin/customer-view/{userId}/transactions': 'users',
  'GET /api/v1/admin/customer-view/{userId}/transactions/summary': 'users',
  'GET /api/v1/admin/customer-view/{userId}/applications': 'users',
  'GET /api/v1/admin/customer-view/{userId}/investments': 'users',
  'GET /api/v1/admin/customer-view/{userId}/security-deposits': 'users',
  'GET /api/v1/admin/customer-view/{userId}/portfolio/performance': 'users',
  'GET /api/v1/admin/customer-view/{userId}/support/tickets': 'users',
  'GET /api/v1/admin/customer-view/{userId}/support/tickets/{ticketId}': 'users',
  'GET /api/v1/admin/webhooks': 'settings',
  'POST /api/v1/admin/webhooks': 'settings',
  'DELETE /api/v1/admin/webhooks/{id}': 'settings',
  'GET /api/v1/admin/webhooks/{id}/deliveries': 'settings',
  'POST /api/v1/admin/webhooks/deliveries/{id}/replay': 'settings',
  'DELETE /api/v1/admin/users/{id}': 'all',
  'POST /api/v1/admin/users/{id}/activate': 'users',
  'PUT /api/v1/admin/users/{id}/admin-role': 'all',
  'POST /api/v1/admin/users/{id}/kyc': 'kyc',
  'POST /api/v1/admin/users/{id}/suspend': 'users',
  'GET /api/v1/admin/users/{id}/sessions': 'users',
  'DELETE /api/v1/admin/users/{id}/sessions/{sessionId}': 'users',
};

/** Whether a role's current permissions (as identity lists them, 'all' for super admins) satisfy an endpoint's declaration. */
export function permissionsSatisfy(granted: readonly string[], required: AdminEndpointPermission): boolean {
  if (required === 'any_admin' || granted.includes('all')) return true;
  return required !== 'all' && granted.includes(required);
}

/**
 * How an admin whose role lacks an endpoint's permission is refused (403), the same in the
 * gateway and in the services that check a permission themselves: an action for super
 * administrators only (`all`) says so, any other names the permission. The permission
 * travels in `params`, for the message and for the gateway's security record.
 */
export function missingPermissionRefusal(permission: string): { code: UserMessageCode; params: { permission: string } } {
  return { code: permission === 'all' ? 'super_admin_only' : 'admin_role_lacks_permission', params: { permission } };
}
