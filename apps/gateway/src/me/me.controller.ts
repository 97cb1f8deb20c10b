import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdentityCommands, RequestMeta, SessionUser } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { SignedIn } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors } from '../openapi/api-responses';

/** The signed-in person; identity reads them from the verified actor, never from input. */
@ApiTags('me')
@ApiCommonErrors()
@SignedIn()
@Controller('api/v1/me')
export class MeController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: SessionUser })
  currentUser(@RequestMetadata() meta: RequestMeta): Promise<SessionUser> {
    return this.services.send(IdentityCommands.getCurrentUser, {}, meta);
  }
}
