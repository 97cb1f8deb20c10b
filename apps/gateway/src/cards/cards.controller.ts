import { Body, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { CardCommands, CardRequestPage, CardRequestsQuery, CardRequestView, CreateCardRequestPayload, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn, UserTypes } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiIdempotencyKey, IdempotencyKey } from '../money/idempotency-key';
import { ApiController, DeleteEndpoint, GetEndpoint, PostEndpoint } from '../openapi/endpoint.decorators';

export const cardRequestId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, 'card_request_not_found') });

/** The customer's investment card requests (spec 02 §2 Card Requests). */
@ApiController('cards', 'api/v1/cards/requests')
@SignedIn()
@UserTypes('customer')
export class CardsController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint({ summary: 'Own card requests, newest first, each with its status timeline; counts for the Physical, Virtual and Pending tiles', type: CardRequestPage, errors: [400] })
  list(@Query() query: CardRequestsQuery, @RequestMetadata() meta: RequestMeta): Promise<CardRequestPage> {
    return this.services.send(CardCommands.listOwnCardRequests, query, meta);
  }

  @PostEndpoint({ summary: 'Order a physical (with delivery address) or virtual card; refused with 409 while the available balance is 0', type: CardRequestView, errors: [400, 409, 422] })
  @ApiIdempotencyKey()
  create(@Body() body: CreateCardRequestPayload, @IdempotencyKey() idempotencyKey: string | undefined, @RequestMetadata() meta: RequestMeta): Promise<CardRequestView> {
    return this.services.send(CardCommands.createCardRequest, { ...body, idempotencyKey }, meta);
  }

  @DeleteEndpoint(':id', { summary: 'Cancel an own pending request (another customer’s is 404; a decided one is 409)', type: CardRequestView, errors: [404, 409] })
  cancel(@Param('id', cardRequestId) id: string, @RequestMetadata() meta: RequestMeta): Promise<CardRequestView> {
    return this.services.send(CardCommands.cancelCardRequest, { id }, meta);
  }
}
