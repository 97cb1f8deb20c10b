import { Injectable } from '@nestjs/common';
import { RequestMeta, SupportCommands, TicketDetail, TicketPage } from '@portal/contracts';
import { TicketListQuery } from '../support/support.dto';
import { CustomerViewReader } from './customer-view-reader';

/**
 * The customer's tickets as their Support screen shows them (GET /support/tickets and
 * /support/tickets/:id). Both commands are pure reads: opening a ticket marks nothing
 * read and takes no lock (support's getOwnTicket reads the ticket and its messages only),
 * and messages keep hiding which admin answered, as the customer sees them.
 */
@Injectable()
export class ViewTickets {
  constructor(private readonly reader: CustomerViewReader) {}

  list(userId: string, query: TicketListQuery, meta: RequestMeta): Promise<TicketPage> {
    return this.reader.readAs(userId, 'tickets', SupportCommands.listOwnTickets, { limit: query.limit, cursor: query.cursor }, meta);
  }

  get(userId: string, ticketId: string, meta: RequestMeta): Promise<TicketDetail> {
    return this.reader.readAs(userId, 'ticket', SupportCommands.getOwnTicket, { ticketId }, meta, ticketId);
  }
}
