import { Actor, missingPermissionRefusal } from '@portal/contracts';
import { adminRoleAllowsNow, PlatformSettings, ServiceError } from '@portal/messaging';

/**
 * Treasury figures (earnings actuals, the maturity schedule) are report figures: the admin's
 * role needs the `reports` permission (settings: admin_roles), as the gateway's Reports do.
 */
export function requireReportsAdmin(actor: Actor | null, settings: Pick<PlatformSettings, 'get'>): void {
  if (!actor || actor.userType !== 'admin' || !actor.adminRole) throw ServiceError.of(403, 'admin_access_denied');
  if (!adminRoleAllowsNow(settings, actor.adminRole, 'reports')) {
    const { code, params } = missingPermissionRefusal('reports');
    throw ServiceError.of(403, code, { params });
  }
}
