import { Injectable } from '@nestjs/common';
import { Actor, RequestMeta, TicketListPayload, TicketPage } from '@portal/contracts';
import { AdminTicketUseCase } from '../admin-ticket-use-case';

/** Every customer's tickets for an admin, newest first, their owners named. */
@Injectable()
export class ListTicketsForAdmin extends AdminTicketUseCase {
  async execute(actor: Actor, payload: TicketListPayload, meta: RequestMeta): Promise<TicketPage> {
    this.admin(actor);
    const result = await this.tickets.list(payload, null);
    return { ...result, items: await this.owners.named(result.items, meta) };
  }
}
