import { Body, Param, Query } from '@nestjs/common';
import { CardCommands, CardRequestPage, CardRequestsQuery, CardRequestView, DecideCardRequestBody, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ActionEndpoint, ApiController, GetEndpoint } from '../openapi/endpoint.decorators';
import { cardRequestId } from './cards.controller';

/** Card requests in the back office. The ledger checks the role's `transactions` permission and audits each decision. */
@ApiController('admin', 'api/v1/admin/cards/requests')
@RequiresAdminPermission('transactions')
export class AdminCardsController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint({ summary: 'Every card request with its client, newest first (status and cardType filters)', type: CardRequestPage, errors: [400] })
  list(@Query() query: CardRequestsQuery, @RequestMetadata() meta: RequestMeta): Promise<CardRequestPage> {
    return this.services.send(CardCommands.listCardRequests, query, meta);
  }

  @ActionEndpoint(':id/decision', { summary: 'pending → approved or rejected (reason required); approved physical → delivered (trackingNumber required)', type: CardRequestView, errors: [400, 404, 409] })
  decide(@Param('id', cardRequestId) id: string, @Body() body: DecideCardRequestBody, @RequestMetadata() meta: RequestMeta): Promise<CardRequestView> {
    return this.services.send(CardCommands.decideCardRequest, { id, decision: body.decision, reason: body.reason, trackingNumber: body.trackingNumber }, meta);
  }
}
