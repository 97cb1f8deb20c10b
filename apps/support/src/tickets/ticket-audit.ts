import { Actor, RequestMeta, SupportEvents } from '@portal/contracts';
import { addToOutbox } from '@portal/messaging';
import { EntityManager } from 'typeorm';
import { Ticket } from './ticket.entity';

/** An admin's action on a ticket, for the platform's audit trail, in the transaction of the change. */
export function recordTicketAction(
  manager: EntityManager,
  admin: Actor,
  meta: RequestMeta,
  ticket: Ticket,
  entry: { actionType: string; description: string; metadata: Record<string, unknown> },
): Promise<string> {
  return addToOutbox(manager, SupportEvents.auditRecorded, {
    category: 'admin_action',
    actionType: entry.actionType,
    actor: { userId: admin.userId },
    targetType: 'support_ticket',
    targetId: ticket.id,
    description: entry.description,
    metadata: entry.metadata,
    clientIp: meta.clientIp ?? null,
  });
}
