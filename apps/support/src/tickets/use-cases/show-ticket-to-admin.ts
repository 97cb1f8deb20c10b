import { Injectable } from '@nestjs/common';
import { Actor, RequestMeta, TicketDetail } from '@portal/contracts';
import { AdminTicketUseCase } from '../admin-ticket-use-case';

/** Any ticket with its conversation for an admin, its owner named. */
@Injectable()
export class ShowTicketToAdmin extends AdminTicketUseCase {
  async execute(actor: Actor, ticketId: string, meta: RequestMeta): Promise<TicketDetail> {
    this.admin(actor);
    const detail = await this.tickets.detail(ticketId, 'admin');
    const [named] = await this.owners.named([detail], meta);
    return { ...detail, ...named };
  }
}
