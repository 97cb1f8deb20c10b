import { Injectable } from '@nestjs/common';
import { Actor, TicketSummary } from '@portal/contracts';
import { AdminTicketUseCase } from '../admin-ticket-use-case';

/** How many tickets of all customers are open or in progress, for an admin. */
@Injectable()
export class CountOpenTickets extends AdminTicketUseCase {
  async execute(actor: Actor): Promise<TicketSummary> {
    this.admin(actor);
    return { openCount: await this.tickets.countOpen(null) };
  }
}
