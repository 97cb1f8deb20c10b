import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CreateTicketPayload, RequestMeta, SupportCommands, TicketDetail, TicketPage, TicketSummary } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { UserTypes } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { ReplyToTicketBody, TicketListQuery } from './support.dto';
import { ticketId } from './ticket-id';

/** A customer's own tickets; the owner is always the verified caller, never the body. */
@ApiTags('support')
@ApiCommonErrors()
@UserTypes('customer')
@Controller('api/v1/support/tickets')
export class SupportController {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  @ApiOperation({ summary: 'Open a support ticket' })
  @ApiCreatedResponse({ type: TicketDetail })
  @ApiErrorResponses(400)
  create(@Body() body: CreateTicketPayload, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.services.send(SupportCommands.createTicket, body, meta);
  }

  @Get()
  @ApiOperation({ summary: 'The caller\'s tickets, newest first' })
  @ApiOkResponse({ type: TicketPage })
  @ApiErrorResponses(400)
  list(@Query() query: TicketListQuery, @RequestMetadata() meta: RequestMeta): Promise<TicketPage> {
    return this.services.send(SupportCommands.listOwnTickets, { limit: query.limit, cursor: query.cursor }, meta);
  }

  @Get('summary')
  @ApiOperation({ summary: 'How many of the caller\'s tickets are open or in progress (sidebar badge)' })
  @ApiOkResponse({ type: TicketSummary })
  summary(@RequestMetadata() meta: RequestMeta): Promise<TicketSummary> {
    return this.services.send(SupportCommands.ownSummary, {}, meta);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of the caller\'s tickets with its conversation (another\'s is 404)' })
  @ApiOkResponse({ type: TicketDetail })
  @ApiErrorResponses(404)
  get(@Param('id') id: string, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.services.send(SupportCommands.getOwnTicket, { ticketId: ticketId(id) }, meta);
  }

  @Post(':id/messages')
  @ApiOperation({ summary: 'Reply in the ticket\'s conversation (a resolved ticket opens again; a closed one refuses)' })
  @ApiCreatedResponse({ type: TicketDetail })
  @ApiErrorResponses(400, 404, 409)
  reply(@Param('id') id: string, @Body() body: ReplyToTicketBody, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.services.send(SupportCommands.replyToOwnTicket, { ticketId: ticketId(id), message: body.message }, meta);
  }
}
