import { Body, Controller, Delete, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequestMeta, SupportCommands, TicketDeleted, TicketDetail, TicketPage, TicketSummary } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { AdminTicketListQuery, UpdateTicketBody } from './support.dto';
import { ticketId } from './ticket-id';

/** Every ticket, for admins; the support service checks the role's "tickets" permission. */
@ApiTags('admin')
@ApiCommonErrors()
@RequiresAdminPermission('tickets')
@Controller('api/v1/admin/support/tickets')
export class AdminSupportController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'All tickets, newest first' })
  @ApiOkResponse({ type: TicketPage })
  @ApiErrorResponses(400)
  list(@Query() query: AdminTicketListQuery, @RequestMetadata() meta: RequestMeta): Promise<TicketPage> {
    return this.services.send(SupportCommands.listAllTickets, { limit: query.limit, cursor: query.cursor, status: query.status, q: query.q }, meta);
  }

  @Get('summary')
  @ApiOperation({ summary: 'Tickets open or in progress (sidebar badge)' })
  @ApiOkResponse({ type: TicketSummary })
  summary(@RequestMetadata() meta: RequestMeta): Promise<TicketSummary> {
    return this.services.send(SupportCommands.allSummary, {}, meta);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One ticket with its conversation' })
  @ApiOkResponse({ type: TicketDetail })
  @ApiErrorResponses(404)
  get(@Param('id') id: string, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.services.send(SupportCommands.getAnyTicket, { ticketId: ticketId(id) }, meta);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change the status and/or answer (an answer sets resolved unless a status is given)' })
  @ApiOkResponse({ type: TicketDetail })
  @ApiErrorResponses(400, 404, 409)
  update(@Param('id') id: string, @Body() body: UpdateTicketBody, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.services.send(SupportCommands.updateTicket, { ticketId: ticketId(id), status: body.status, adminResponse: body.adminResponse }, meta);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a ticket and its conversation' })
  @ApiOkResponse({ type: TicketDeleted })
  @ApiErrorResponses(404)
  remove(@Param('id') id: string, @RequestMetadata() meta: RequestMeta): Promise<TicketDeleted> {
    return this.services.send(SupportCommands.deleteTicket, { ticketId: ticketId(id) }, meta);
  }
}
