import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptedResult, IdentityCommands, RecordSecurityEventPayload, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';

/** Security events the web app notices (e.g. a customer opening an /admin page) go to identity's audit log. */
@ApiTags('security-events')
@ApiCommonErrors()
@SignedIn()
@Controller('api/v1/security-events')
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
