import { Injectable } from '@nestjs/common';
import { Actor, TicketSummary } from '@portal/contracts';
import { PlatformSettings } from '@portal/messaging';
import { requireTicketsAdmin } from '../ticket-access';
import { TicketsRepository } from '../tickets.repository';

/** How many tickets of all customers are open or in progress, for an admin. */
@Injectable()
export class CountOpenTickets {
  constructor(
    private readonly settings: PlatformSettings,
    private readonly tickets: TicketsRepository,
  ) {}

  async execute(actor: Actor): Promise<TicketSummary> {
    requireTicketsAdmin(this.settings, actor);
    return { openCount: await this.tickets.countOpen(null) };
  }
}
