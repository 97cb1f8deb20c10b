import { Injectable } from '@nestjs/common';
import { Actor, RequestMeta, SupportEvents, TicketDeleted } from '@portal/contracts';
import { addToOutbox } from '@portal/messaging';
import { found } from '../ticket-access';
import { recordTicketAction } from '../ticket-audit';
import { ticketEvent } from '../ticket-views';
import { AdminTicketUseCase } from '../admin-ticket-use-case';

/** An admin deletes a ticket with its conversation; audited. */
@Injectable()
export class DeleteTicket extends AdminTicketUseCase {
  async execute(actor: Actor, ticketId: string, meta: RequestMeta): Promise<TicketDeleted> {
    const admin = this.admin(actor);
    await this.tickets.transaction(async (manager) => {
      const ticket = found(await this.tickets.findForChange(manager, ticketId));
      await this.tickets.remove(manager, ticketId);
      // Closed for anyone still watching it (the owner's open list, other admins).
      await addToOutbox(manager, SupportEvents.ticketUpdated, { ...ticketEvent(ticket, null), status: 'closed' });
      await recordTicketAction(manager, admin, meta, ticket, {
        actionType: 'ticket_deleted',
        description: `Deleted support ticket "${ticket.subject}"`,
        metadata: { status: ticket.status, ownerId: ticket.userId },
      });
    });
    return { deleted: true };
  }
}
