import { Body, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation } from '@nestjs/swagger';
import { AcceptedResult, IdentityCommands, RecordSecurityEventPayload, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiErrorResponses } from '../openapi/api-responses';
import { ApiController } from '../openapi/endpoint.decorators';

/** Security events the web app notices (e.g. a customer opening an /admin page) go to identity's audit log. */
@ApiController('security-events', 'api/v1/security-events')
@SignedIn()
export class SecurityEventsController {
  constructor(private readonly services: ServiceClient) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Record a security event observed in the browser' })
  @ApiAcceptedResponse({ type: AcceptedResult })
  @ApiErrorResponses(400)
  async record(@Body() payload: RecordSecurityEventPayload, @RequestMetadata() meta: RequestMeta): Promise<AcceptedResult> {
    // The browser cannot claim the gateway denied something: the source is always 'web'.
    await this.services.send(IdentityCommands.recordSecurityEvent, { ...payload, source: 'web' }, meta);
    return { accepted: true };
  }
}
