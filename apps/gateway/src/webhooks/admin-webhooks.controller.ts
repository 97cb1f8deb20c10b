import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointPayload,
  RequestMeta,
  WebhookCommands,
  WebhookDeliveryPage,
  WebhookDeliveryView,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookErrorCodes,
} from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { WebhookDeliveriesQuery } from './webhooks.dto';

const endpointId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, WebhookErrorCodes.endpointNotFound) });
const deliveryId = new ParseUUIDPipe({ exceptionFactory: () => ApiError.of(404, WebhookErrorCodes.deliveryNotFound) });

/**
 * Webhook endpoints for systems that do not speak NATS (docs/API.md "Events for other
 * services"); the notification service re-checks the role's "settings" permission.
 */
@ApiTags('admin')
@ApiCommonErrors()
@RequiresAdminPermission('settings')
@Controller('api/v1/admin/webhooks')
export class AdminWebhooksController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Registered webhook endpoints, newest first (their secrets are never shown again)' })
  @ApiOkResponse({ type: WebhookEndpointList })
  list(@RequestMetadata() meta: RequestMeta): Promise<WebhookEndpointList> {
    return this.services.send(WebhookCommands.list, {}, meta);
  }

  @Post()
  @ApiOperation({
    summary: 'Register an endpoint for event types',
    description:
      'https:// (http:// outside production); hosts that are or resolve to private, loopback, link-local or other internal addresses are refused unless allow-listed by an operator. Each delivery carries webhook-id (the event id), webhook-timestamp and webhook-signature (Standard Webhooks, HMAC-SHA256). The signing secret is in this answer only.',
  })
  @ApiCreatedResponse({ type: CreatedWebhookEndpoint })
  @ApiErrorResponses(400)
  create(@Body() body: CreateWebhookEndpointPayload, @RequestMetadata() meta: RequestMeta): Promise<CreatedWebhookEndpoint> {
    return this.services.send(WebhookCommands.create, body, meta);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an endpoint: nothing more is sent to it; its delivery log is kept' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: WebhookEndpointDeleted })
  @ApiErrorResponses(404)
  delete(@Param('id', endpointId) id: string, @RequestMetadata() meta: RequestMeta): Promise<WebhookEndpointDeleted> {
    return this.services.send(WebhookCommands.delete, { endpointId: id }, meta);
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: "An endpoint's delivery log, newest first: event, status, response code and attempts" })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: WebhookDeliveryPage })
  @ApiErrorResponses(400, 404)
  deliveries(@Param('id', endpointId) id: string, @Query() query: WebhookDeliveriesQuery, @RequestMetadata() meta: RequestMeta): Promise<WebhookDeliveryPage> {
    return this.services.send(WebhookCommands.deliveries, { endpointId: id, limit: query.limit, cursor: query.cursor }, meta);
  }

  @Post('deliveries/:id/replay')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Send a delivery\'s event again, as a new delivery with the same webhook-id' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: WebhookDeliveryView })
  @ApiErrorResponses(404)
  replay(@Param('id', deliveryId) id: string, @RequestMetadata() meta: RequestMeta): Promise<WebhookDeliveryView> {
    return this.services.send(WebhookCommands.replay, { deliveryId: id }, meta);
  }
}
