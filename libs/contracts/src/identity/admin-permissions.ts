import { AdminRole } from '../common/request';

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
