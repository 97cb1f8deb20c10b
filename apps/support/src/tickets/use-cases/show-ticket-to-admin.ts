import { Injectable } from '@nestjs/common';
import { Actor, RequestMeta, TicketDetail } from '@portal/contracts';
import { PlatformSettings } from '@portal/messaging';
import { requireTicketsAdmin } from '../ticket-access';
import { TicketOwners } from '../ticket-owners';
import { TicketsRepository } from '../tickets.repository';

/** Any ticket with its conversation for an admin, its owner named. */
@Injectable()
export class ShowTicketToAdmin {
  constructor(
    private readonly settings: PlatformSettings,
    private readonly tickets: TicketsRepository,
    private readonly owners: TicketOwners,
  ) {}

  async execute(actor: Actor, ticketId: string, meta: RequestMeta): Promise<TicketDetail> {
    requireTicketsAdmin(this.settings, actor);
    const detail = await this.tickets.detail(ticketId, 'admin');
    const [named] = await this.owners.named([detail], meta);
    return { ...detail, ...named };
  }
}
