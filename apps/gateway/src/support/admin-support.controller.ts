import { Body, Param, Query } from '@nestjs/common';
import { RequestMeta, SupportCommands, TicketDeleted, TicketDetail, TicketPage, TicketSummary } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiController, DeleteEndpoint, GetEndpoint, PatchEndpoint } from '../openapi/endpoint.decorators';
import { AdminTicketListQuery, UpdateTicketBody } from './support.dto';
import { ticketId } from './ticket-id';

/** Every ticket, for admins; the support service checks the role's "tickets" permission. */
@ApiController('admin', 'api/v1/admin/support/tickets')
@RequiresAdminPermission('tickets')
export class AdminSupportController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint({ summary: 'All tickets, newest first', type: TicketPage, errors: [400] })
  list(@Query() query: AdminTicketListQuery, @RequestMetadata() meta: RequestMeta): Promise<TicketPage> {
    return this.services.send(SupportCommands.listAllTickets, { limit: query.limit, cursor: query.cursor, status: query.status, q: query.q }, meta);
  }

  @GetEndpoint('summary', { summary: 'Tickets open or in progress (sidebar badge)', type: TicketSummary })
  summary(@RequestMetadata() meta: RequestMeta): Promise<TicketSummary> {
    return this.services.send(SupportCommands.allSummary, {}, meta);
  }

  @GetEndpoint(':id', { summary: 'One ticket with its conversation', type: TicketDetail, errors: [404] })
  get(@Param('id') id: string, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.services.send(SupportCommands.getAnyTicket, { ticketId: ticketId(id) }, meta);
  }

  @PatchEndpoint(':id', { summary: 'Change the status and/or answer (an answer sets resolved unless a status is given)', type: TicketDetail, errors: [400, 404, 409] })
  update(@Param('id') id: string, @Body() body: UpdateTicketBody, @RequestMetadata() meta: RequestMeta): Promise<TicketDetail> {
    return this.services.send(SupportCommands.updateTicket, { ticketId: ticketId(id), status: body.status, adminResponse: body.adminResponse }, meta);
  }

  @DeleteEndpoint(':id', { summary: 'Delete a ticket and its conversation', type: TicketDeleted, errors: [404] })
  remove(@Param('id') id: string, @RequestMetadata() meta: RequestMeta): Promise<TicketDeleted> {
    return this.services.send(SupportCommands.deleteTicket, { ticketId: ticketId(id) }, meta);
  }
}
