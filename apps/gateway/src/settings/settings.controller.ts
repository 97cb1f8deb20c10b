
import { IdentityCommands, PublicSettings, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { Public } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiController, GetEndpoint } from '../openapi/endpoint.decorators';

@ApiController('settings', 'api/v1/settings')
@Public()
export class SettingsController {
  constructor(private readonly services: ServiceClient) {}

  @GetEndpoint('public', { summary: 'Feature toggles, currencies, durations, categories and the deposit wallet: what the UI needs before sign-in', type: PublicSettings })
  publicSettings(@RequestMetadata() meta: RequestMeta): Promise<PublicSettings> {
    return this.services.send(IdentityCommands.getPublicSettings, {}, meta);
  }
}
