import { Body, Param, Query } from '@nestjs/common';
import { CreateTicketPayload, RequestMeta, SupportCommands, TicketDetail, TicketPage, TicketSummary } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { UserTypes } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiController, GetEndpoint, PostEndpoint } from '../openapi/endpoint.decorators';
import { ReplyToTicketBody, TicketListQuery } from './support.dto';
import { ticketId } from './ticket-id';

/** A customer's own tickets; the owner is always the verified caller, never the body. */
@ApiController('support', 'api/v1/support/tickets')
@UserTypes('customer')
export class SupportController {
  constructor(private readonly services: ServiceClient) {}

  @PostEndpoint({ summary: 'Open a support ticket', type: TicketDetail, errors: [400] })
  create(@Body() body: CreateTicketPayload, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.services.send(SupportCommands.createTicket, body, meta);
  }

  @GetEndpoint({ summary: 'The caller\'s tickets, newest first', type: TicketPage, errors: [400] })
  list(@Query() query: TicketListQuery, @RequestMetadata() meta: RequestMeta): Promise<TicketPage> {
    return this.services.send(SupportCommands.listOwnTickets, { limit: query.limit, cursor: query.cursor }, meta);
  }

  @GetEndpoint('summary', { summary: 'How many of the caller\'s tickets are open or in progress (sidebar badge)', type: TicketSummary })
  summary(@RequestMetadata() meta: RequestMeta): Promise<TicketSummary> {
    return this.services.send(SupportCommands.ownSummary, {}, meta);
  }

  @GetEndpoint(':id', { summary: 'One of the caller\'s tickets with its conversation (another\'s is 404)', type: TicketDetail, errors: [404] })
  get(@Param('id') id: string, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.services.send(SupportCommands.getOwnTicket, { ticketId: ticketId(id) }, meta);
  }

  @PostEndpoint(':id/messages', { summary: 'Reply in the ticket\'s conversation (a resolved ticket opens again; a closed one refuses)', type: TicketDetail, errors: [400, 404, 409] })
  reply(@Param('id') id: string, @Body() body: ReplyToTicketBody, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.services.send(SupportCommands.replyToOwnTicket, { ticketId: ticketId(id), message: body.message }, meta);
  }
}
