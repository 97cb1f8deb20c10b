import { Body, Inject, Res } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import {
  AccountClosureCommands,
  AccountDeletedReply,
  DataExportCommands,
  DataExportPart,
  DataExportService,
  DeleteOwnAccountPayload,
  PersonalDataExport,
  RequestMeta,
} from '@portal/contracts';
import { fieldRefusal, ServiceClient } from '@portal/messaging';
import { SignedIn } from '../auth/access.decorators';
import type { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiController, DeleteEndpoint, GetEndpoint } from '../openapi/endpoint.decorators';

/** Download My Data and Delete Account: the signed-in user's own data, taken from the verified actor. */
@ApiController('me', 'api/v1/me')
@SignedIn()
export class AccountDataController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @GetEndpoint('export', { summary: 'Everything the portal holds about the signed-in user, as one JSON file (503 rather than an incomplete export)', type: PersonalDataExport, errors: [503] })
  @ApiProduces('application/json')
  async export(@RequestMetadata() meta: RequestMeta, @Res() res: Response): Promise<void> {
    const services = Object.keys(DataExportCommands) as DataExportService[];
    const parts = await Promise.allSettled(services.map((service) => this.services.send(DataExportCommands[service], {}, meta)));
    const missing = services.filter((_, index) => parts[index].status === 'rejected');
    if (missing.length > 0) throw ApiError.of(503, 'data_export_incomplete', { details: missing.map((service) => fieldRefusal(service, 'service_did_not_answer', { name: service })) });
    const exportedAt = new Date();
    const document = {
      exportedAt: exportedAt.toISOString(),
      userId: meta.actor?.userId,
      ...Object.fromEntries(services.map((service, index) => [service, ((parts[index] as PromiseFulfilledResult<DataExportPart>).value).data])),
    } as PersonalDataExport;
    res.header('content-type', 'application/json; charset=utf-8');
    res.header('content-disposition', `attachment; filename="my-data-${exportedAt.toISOString().slice(0, 10)}.json"`);
    res.header('cache-control', 'no-store');
    res.send(JSON.stringify(document, null, 2));
  }

  @DeleteEndpoint({ summary: 'Delete Account: password confirmation; refused (409) while the account holds money; ends every session and anonymises the account', type: AccountDeletedReply, errors: [400, 403, 409] })
  deleteAccount(@Body() body: DeleteOwnAccountPayload, @RequestMetadata() meta: RequestMeta): Promise<AccountDeletedReply> {
    // The password is checked: it may queue behind a burst of sign-ins (see PASSWORD_CHECK_WAIT_MS).
    return this.services.send(AccountClosureCommands.deleteOwnAccount, { password: body.password }, meta, this.config.environment.PASSWORD_CHECK_WAIT_MS);
  }
}
