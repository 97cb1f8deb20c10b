import { Injectable } from '@nestjs/common';
import { Actor, TicketDetail } from '@portal/contracts';
import { found, requireCustomer } from '../ticket-access';
import { TicketsRepository } from '../tickets.repository';

/** A customer's own ticket with its conversation; another's is "not found", exactly like one that does not exist. */
@Injectable()
export class ShowOwnTicket {
  constructor(private readonly tickets: TicketsRepository) {}

  async execute(actor: Actor, ticketId: string): Promise<TicketDetail> {
    const owner = requireCustomer(actor);
    found(await this.tickets.findOwn(ticketId, owner.userId));
    return this.tickets.detail(ticketId, 'customer');
  }
}
