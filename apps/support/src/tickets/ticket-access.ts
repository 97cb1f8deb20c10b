import { Actor } from '@portal/contracts';
import { PlatformSettings, requireAdminPermission, ServiceError } from '@portal/messaging';

export function requireCustomer(actor: Actor | null): Actor {
  if (!actor || actor.userType !== 'customer') throw ServiceError.of(403, 'tickets_customers_only');
  return actor;
}

/** Admins whose role has the tickets permission (the live admin_roles setting). */
export function requireTicketsAdmin(settings: PlatformSettings, actor: Actor | null): Actor {
  return requireAdminPermission(settings, actor, 'tickets', 'tickets_permission_denied');
}

/** A missing ticket, and another customer's, are both "not found". */
export function found<T>(ticket: T | null): T {
  if (!ticket) throw ServiceError.of(404, 'ticket_not_found');
  return ticket;
}
