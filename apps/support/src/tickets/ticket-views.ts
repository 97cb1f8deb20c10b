import { TicketDetail, TicketStatus, TicketView } from '@portal/contracts';
import { Ticket, TicketMessage } from './ticket.entity';

export const OPEN_STATUSES: TicketStatus[] = ['open', 'in_progress'];

export type TicketReader = 'customer' | 'admin';

export function ticketView(ticket: Ticket, adminResponse: string | null): TicketView {
  return {
    id: ticket.id,
    userId: ticket.userId,
    subject: ticket.subject,
    category: ticket.category,
    priority: ticket.priority,
    message: ticket.message,
    status: ticket.status,
    adminResponse,
    messageCount: ticket.messageCount,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}

/** A customer reads who wrote each message by role: which staff member answered (their user id) stays with the admins. */
export function ticketDetail(ticket: Ticket, messages: TicketMessage[], reader: TicketReader): TicketDetail {
  const adminResponse = [...messages].reverse().find((message) => message.authorRole === 'admin')?.body ?? null;
  return {
    ...ticketView(ticket, adminResponse),
    messages: messages.map((message) => ({
      id: message.id,
      authorId: reader === 'customer' && message.authorRole === 'admin' ? null : message.authorId,
      authorRole: message.authorRole, body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

/** The payload of support.ticket.created / support.ticket.updated. */
export function ticketEvent(ticket: Ticket, answeredBy: 'admin' | 'customer' | null) {
  return { ticketId: ticket.id, userId: ticket.userId, subject: ticket.subject, status: ticket.status, answeredBy, occurredAt: new Date().toISOString() };
}
