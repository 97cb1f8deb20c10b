import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdentityCommands, PublicSettings, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { Public } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors } from '../openapi/api-responses';

@ApiTags('settings')
@ApiCommonErrors()
@Public()
@Controller('api/v1/settings')
export class SettingsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('public')
  @ApiOperation({ summary: 'Feature toggles, currencies, durations, categories and the deposit wallet: what the UI needs before sign-in' })
  @ApiOkResponse({ type: PublicSettings })
  publicSettings(@RequestMetadata() meta: RequestMeta): Promise<PublicSettings> {
    return this.services.send(IdentityCommands.getPublicSettings, {}, meta);
  }
}
