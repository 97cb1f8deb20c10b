import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CardCommands, CardRequestPage, CardRequestsQuery, CardRequestView, DecideCardRequestBody, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { cardRequestId } from './cards.controller';

/** Card requests in the back office. The ledger checks the role's `transactions` permission and audits each decision. */
@ApiTags('admin')
@ApiCommonErrors()
@RequiresAdminPermission('transactions')
@Controller('api/v1/admin/cards/requests')
export class AdminCardsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Every card request with its client, newest first (status and cardType filters)' })
  @ApiOkResponse({ type: CardRequestPage })
  @ApiErrorResponses(400)
  list(@Query() query: CardRequestsQuery, @RequestMetadata() meta: RequestMeta): Promise<CardRequestPage> {
    return this.services.send(CardCommands.listCardRequests, query, meta);
  }

  @Post(':id/decision')
  @HttpCode(200)
  @ApiOperation({ summary: 'pending → approved or rejected (reason required); approved physical → delivered (trackingNumber required)' })
  @ApiOkResponse({ type: CardRequestView })
  @ApiErrorResponses(400, 404, 409)
  decide(@Param('id', cardRequestId) id: string, @Body() body: DecideCardRequestBody, @RequestMetadata() meta: RequestMeta): Promise<CardRequestView> {
    return this.services.send(CardCommands.decideCardRequest, { id, decision: body.decision, reason: body.reason, trackingNumber: body.trackingNumber }, meta);
  }
}
