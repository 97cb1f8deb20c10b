import { Injectable } from '@nestjs/common';
import { Actor, TicketListPayload, TicketPage } from '@portal/contracts';
import { requireCustomer } from '../ticket-access';
import { TicketsRepository } from '../tickets.repository';

/** A customer's own tickets, newest first. */
@Injectable()
export class ListOwnTickets {
  constructor(private readonly tickets: TicketsRepository) {}

  execute(actor: Actor, payload: TicketListPayload): Promise<TicketPage> {
    const owner = requireCustomer(actor);
    return this.tickets.list(payload, owner.userId);
  }
}
