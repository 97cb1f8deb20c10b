import { Injectable } from '@nestjs/common';
import { Actor, CreateTicketPayload, SupportEvents, TicketDetail } from '@portal/contracts';
import { addToOutbox } from '@portal/messaging';
import { requireCustomer } from '../ticket-access';
import { ticketEvent } from '../ticket-views';
import { TicketsRepository } from '../tickets.repository';

/** A customer opens a ticket; it is announced (support.ticket.created). */
@Injectable()
export class OpenTicket {
  constructor(private readonly tickets: TicketsRepository) {}

  async execute(actor: Actor, payload: CreateTicketPayload): Promise<TicketDetail> {
    const owner = requireCustomer(actor);
    const id = await this.tickets.transaction(async (manager) => {
      const saved = await this.tickets.open(manager, owner.userId, payload);
      await addToOutbox(manager, SupportEvents.ticketCreated, ticketEvent(saved, null));
      return saved.id;
    });
    return this.tickets.detail(id, 'customer');
  }
}
