import { Actor, AuditRecordedEvent, LedgerEvents, RequestMeta } from '@portal/contracts';
import { addToOutbox, adminRoleAllowsNow, PlatformSettings, requireAnyAdmin, ServiceError } from '@portal/messaging';
import { isIP } from 'class-validator';
import { EntityManager } from 'typeorm';

export function requireCustomer(actor: Actor): void {
  if (actor.userType !== 'customer') throw ServiceError.of(403, 'own_money_only');
}

/** Money administration needs the `transactions` permission of the admin's role (settings: admin_roles). */
export function requireMoneyAdmin(actor: Actor, settings: PlatformSettings): void {
  requireAnyAdmin(actor);
  if (!adminRoleAllowsNow(settings, actor.adminRole, 'transactions')) {
    throw ServiceError.of(403, 'transactions_permission_denied');
  }
}

/** The admin action goes to the platform's audit trail with the change it describes. */
export function recordAdminAction(
  manager: EntityManager,
  meta: RequestMeta,
  entry: Pick<AuditRecordedEvent, 'actionType' | 'targetType' | 'targetId' | 'description' | 'metadata'>,
): Promise<string> {
  const clientIp = meta.clientIp && isIP(meta.clientIp) ? meta.clientIp : null;
  return addToOutbox(manager, LedgerEvents.auditRecorded, {
    category: 'admin_action',
    actor: meta.actor ? { userId: meta.actor.userId, email: null } : null,
    clientIp,
    ...entry,
  });
}

/** Free text is stored without markup or control characters (spec 02 §5: inputs are sanitised). */
export function sanitise(value: string | undefined | null): string {
  // eslint-disable-next-line no-control-regex
  return (value ?? '').replace(/[<>\u0000-\u001f\u007f]/g, '').trim();
}
