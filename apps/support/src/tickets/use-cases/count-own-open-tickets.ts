import { Injectable } from '@nestjs/common';
import { Actor, TicketSummary } from '@portal/contracts';
import { requireCustomer } from '../ticket-access';
import { TicketsRepository } from '../tickets.repository';

/** How many of a customer's tickets are open or in progress. */
@Injectable()
export class CountOwnOpenTickets {
  constructor(private readonly tickets: TicketsRepository) {}

  async execute(actor: Actor): Promise<TicketSummary> {
    const owner = requireCustomer(actor);
    return { openCount: await this.tickets.countOpen(owner.userId) };
  }
}
