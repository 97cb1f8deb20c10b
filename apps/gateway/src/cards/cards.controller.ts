import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CardCommands, CardRequestPage, CardRequestsQuery, CardRequestView, CreateCardRequestPayload, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn, UserTypes } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiIdempotencyKey, IdempotencyKey } from '../money/idempotency-key';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';

export const cardRequestId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'card_request_not_found') });

/** The customer's investment card requests (spec 02 §2 Card Requests). */
@ApiTags('cards')
@ApiCommonErrors()
@SignedIn()
@UserTypes('customer')
@Controller('api/v1/cards/requests')
export class CardsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Own card requests, newest first, each with its status timeline; counts for the Physical, Virtual and Pending tiles' })
  @ApiOkResponse({ type: CardRequestPage })
  @ApiErrorResponses(400)
  list(@Query() query: CardRequestsQuery, @RequestMetadata() meta: RequestMeta): Promise<CardRequestPage> {
    return this.services.send(CardCommands.listOwnCardRequests, query, meta);
  }

  @Post()
  @ApiIdempotencyKey()
  @ApiOperation({ summary: 'Order a physical (with delivery address) or virtual card; refused with 409 while the available balance is 0' })
  @ApiCreatedResponse({ type: CardRequestView })
  @ApiErrorResponses(400, 409, 422)
  create(@Body() body: CreateCardRequestPayload, @IdempotencyKey() idempotencyKey: string | undefined, @RequestMetadata() meta: RequestMeta): Promise<CardRequestView> {
    return this.services.send(CardCommands.createCardRequest, { ...body, idempotencyKey }, meta);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel an own pending request (another customer’s is 404; a decided one is 409)' })
  @ApiOkResponse({ type: CardRequestView })
  @ApiErrorResponses(404, 409)
  cancel(@Param('id', cardRequestId) id: string, @RequestMetadata() meta: RequestMeta): Promise<CardRequestView> {
    return this.services.send(CardCommands.cancelCardRequest, { id }, meta);
  }
}
