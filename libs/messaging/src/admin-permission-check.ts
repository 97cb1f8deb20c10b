import { Actor, AdminRole, adminRoleAllows, UserMessageCode } from '@portal/contracts';
import { PlatformSettings } from './platform-settings';
import { ServiceError } from './service-error';

/** Whether the admin's role grants the permission, by the live admin_roles setting (the spec's defaults until it is known). */
export function adminRoleAllowsNow(settings: Pick<PlatformSettings, 'get'> | null, role: AdminRole | null, permission: string): boolean {
  return adminRoleAllows(settings?.get<unknown>('admin_roles'), role, permission);
}

/** Refuses anyone but an admin, whatever the role (403 admin_access_denied): the back office's shared pages. */
export function requireAnyAdmin(actor: Actor | null): Actor {
  if (!actor || actor.userType !== 'admin') throw ServiceError.of(403, 'admin_access_denied');
  return actor;
}

/**
 * Refuses anyone but an admin whose role has the permission (403). The actor is the one
 * the gateway verified from the access token; the role comes from it, the role's
 * permissions from the platform settings, so an edit in Settings applies at once.
 */
export function requireAdminPermission(settings: Pick<PlatformSettings, 'get'> | null, actor: Actor | null, permission: string, refusal: UserMessageCode): Actor {
  if (!actor || actor.userType !== 'admin' || !adminRoleAllowsNow(settings, actor.adminRole, permission)) {
    throw ServiceError.of(403, refusal);
  }
  return actor;
}
