import { Injectable } from '@nestjs/common';
import { Actor, ReplyToTicketPayload, SupportEvents, TicketDetail, TicketStatus } from '@portal/contracts';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { found, requireCustomer } from '../ticket-access';
import { ticketEvent } from '../ticket-views';
import { TicketsRepository } from '../tickets.repository';

/** A customer answers their own ticket: a resolved one opens again, a closed one refuses. */
@Injectable()
export class ReplyToTicket {
  constructor(private readonly tickets: TicketsRepository) {}

  async execute(actor: Actor, { ticketId, message }: ReplyToTicketPayload): Promise<TicketDetail> {
    const owner = requireCustomer(actor);
    await this.tickets.transaction(async (manager) => {
      const ticket = found(await this.tickets.findOwnForChange(manager, ticketId, owner.userId));
      if (ticket.status === 'closed') throw ServiceError.of(409, 'ticket_closed');
      // A reply to a resolved ticket means it is not resolved after all.
      const status: TicketStatus = ticket.status === 'resolved' ? 'open' : ticket.status;
      const saved = await this.tickets.change(manager, ticket, status, { authorId: owner.userId, authorRole: 'customer', body: message });
      await addToOutbox(manager, SupportEvents.ticketUpdated, ticketEvent(saved, 'customer'));
    });
    return this.tickets.detail(ticketId, 'customer');
  }
}
