import { Injectable } from '@nestjs/common';
import { Actor, RequestMeta, TicketListPayload, TicketPage } from '@portal/contracts';
import { PlatformSettings } from '@portal/messaging';
import { requireTicketsAdmin } from '../ticket-access';
import { TicketOwners } from '../ticket-owners';
import { TicketsRepository } from '../tickets.repository';

/** Every customer's tickets for an admin, newest first, their owners named. */
@Injectable()
export class ListTicketsForAdmin {
  constructor(
    private readonly settings: PlatformSettings,
    private readonly tickets: TicketsRepository,
    private readonly owners: TicketOwners,
  ) {}

  async execute(actor: Actor, payload: TicketListPayload, meta: RequestMeta): Promise<TicketPage> {
    requireTicketsAdmin(this.settings, actor);
    const result = await this.tickets.list(payload, null);
    return { ...result, items: await this.owners.named(result.items, meta) };
  }
}
