import { Actor, SupportMessages } from '@portal/contracts';
import { PlatformSettings, requireAdminPermission, ServiceError } from '@portal/messaging';

export function requireCustomer(actor: Actor | null): Actor {
  if (!actor || actor.userType !== 'customer') throw ServiceError.forbidden('Only customers can open and answer their own tickets.', 'forbidden');
  return actor;
}

/** Admins whose role has the tickets permission (the live admin_roles setting). */
export function requireTicketsAdmin(settings: PlatformSettings, actor: Actor | null): Actor {
  return requireAdminPermission(settings, actor, 'tickets', SupportMessages.notAllowed);
}

/** A missing ticket, and another customer's, are both "not found". */
export function found<T>(ticket: T | null): T {
  if (!ticket) throw ServiceError.notFound(SupportMessages.notFound, 'ticket_not_found');
  return ticket;
}
