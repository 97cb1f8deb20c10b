import { Actor, AdminRole } from '@portal/contracts';
import { PlatformSettings } from './platform-settings';
import { ServiceError } from './service-error';

/** The admin_roles setting's default (spec 02 §6), used until identity's value is known. */
export const DEFAULT_ADMIN_ROLE_PERMISSIONS: Record<AdminRole, string[]> = {
  super_admin: ['all'],
  admin: ['users', 'investments', 'transactions', 'kyc'],
  moderator: ['users', 'kyc'],
  support: ['tickets', 'notifications'],
};

/** Whether the admin's role grants the permission, by the live admin_roles setting. */
export function adminRoleAllows(settings: Pick<PlatformSettings, 'get'> | null, role: AdminRole | null, permission: string): boolean {
  if (!role) return false;
  const configured = settings?.get<Record<string, string[]>>('admin_roles');
  const granted = (configured && Array.isArray(configured[role]) ? configured[role] : DEFAULT_ADMIN_ROLE_PERMISSIONS[role]) ?? [];
  return granted.includes('all') || granted.includes(permission);
}

/**
 * Refuses anyone but an admin whose role has the permission (403). The actor is the one
 * the gateway verified from the access token; the role comes from it, the role's
 * permissions from the platform settings, so an edit in Settings applies at once.
 */
export function requireAdminPermission(settings: Pick<PlatformSettings, 'get'> | null, actor: Actor | null, permission: string, message: string): Actor {
  if (!actor || actor.userType !== 'admin' || !adminRoleAllows(settings, actor.adminRole, permission)) {
    throw ServiceError.forbidden(message, 'forbidden');
  }
  return actor;
}
