import { Injectable } from '@nestjs/common';
import { Actor, RequestMeta, SupportEvents, TicketDeleted } from '@portal/contracts';
import { addToOutbox, PlatformSettings } from '@portal/messaging';
import { found, requireTicketsAdmin } from '../ticket-access';
import { recordTicketAction } from '../ticket-audit';
import { ticketEvent } from '../ticket-views';
import { TicketsRepository } from '../tickets.repository';

/** An admin deletes a ticket with its conversation; audited. */
@Injectable()
export class DeleteTicket {
  constructor(
    private readonly settings: PlatformSettings,
    private readonly tickets: TicketsRepository,
  ) {}

  async execute(actor: Actor, ticketId: string, meta: RequestMeta): Promise<TicketDeleted> {
    const admin = requireTicketsAdmin(this.settings, actor);
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
