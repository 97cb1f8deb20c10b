import { Injectable } from '@nestjs/common';
import { Actor, RequestMeta, SupportEvents, TicketDetail, TicketStatus, UpdateTicketPayload } from '@portal/contracts';
import { addToOutbox, fieldRefusal, ServiceError } from '@portal/messaging';
import { found } from '../ticket-access';
import { recordTicketAction } from '../ticket-audit';
import { ticketEvent } from '../ticket-views';
import { AdminTicketUseCase } from '../admin-ticket-use-case';

/** What an admin may set (spec 02 §4): a ticket is never put back to open by hand. */
const ADMIN_STATUSES: TicketStatus[] = ['in_progress', 'resolved', 'closed'];
/** The statuses an answer may leave the ticket in; without one it is resolved (spec 02 §4). */
const REPLY_STATUSES: TicketStatus[] = ['open', ...ADMIN_STATUSES];

/** An admin answers a ticket and/or moves it to another status; audited. */
@Injectable()
export class UpdateTicket extends AdminTicketUseCase {
  async execute(actor: Actor, payload: UpdateTicketPayload, meta: RequestMeta): Promise<TicketDetail> {
    const admin = this.admin(actor);
    const response = payload.adminResponse?.trim() || null;
    if (!payload.status && !response) throw ServiceError.of(400, 'response_required', { details: [fieldRefusal('adminResponse', 'response_required')] });
    // With an answer the admin may also keep the ticket open ("Send and keep open", issue 30); on its own, open is the customer's move.
    const allowed = response ? REPLY_STATUSES : ADMIN_STATUSES;
    if (payload.status && !allowed.includes(payload.status)) {
      const params = { statuses: allowed.join(', ') };
      throw ServiceError.of(400, 'ticket_status_not_allowed', { params, details: [fieldRefusal('status', 'ticket_status_not_allowed', params)] });
    }
    await this.tickets.transaction(async (manager) => {
      const ticket = found(await this.tickets.findForChange(manager, payload.ticketId));
      // Sending a response sets the ticket resolved (spec 02 §4) unless a status is chosen with it.
      const status: TicketStatus = payload.status ?? 'resolved';
      if (!response && status === ticket.status) throw ServiceError.of(409, 'ticket_status_unchanged', { params: { status: status.replace('_', ' ') } });
      const saved = await this.tickets.change(manager, ticket, status, response ? { authorId: admin.userId, authorRole: 'admin', body: response } : null);
      await addToOutbox(manager, SupportEvents.ticketUpdated, ticketEvent(saved, response ? 'admin' : null));
      await recordTicketAction(manager, admin, meta, ticket, {
        actionType: response ? 'ticket_answered' : `ticket_${status}`,
        description: response ? `Answered support ticket "${ticket.subject}" (now ${status})` : `Set support ticket "${ticket.subject}" to ${status}`,
        metadata: { from: ticket.status, to: status, answered: Boolean(response) },
      });
    });
    return this.tickets.detail(payload.ticketId, 'admin');
  }
}
