import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuditLogPage, IdentityCommands, ListAuditLogsPayload, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { AdminOnly } from '../auth/access.decorators';
import { RequestMetadata } from '../http/request-context';
import { ApiCommonErrors, ApiErrorResponses } from '../openapi/api-responses';
import { AuditLogsQuery } from './audit-logs.dto';

@ApiTags('admin')
@ApiCommonErrors()
@AdminOnly()
@Controller('api/v1/admin/audit-logs')
export class AuditLogsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Admin actions and security events, newest first (identity checks the admin role)' })
  @ApiOkResponse({ type: AuditLogPage })
  @ApiErrorResponses(400)
  list(@Query() query: AuditLogsQuery, @RequestMetadata() meta: RequestMeta): Promise<AuditLogPage> {
    const payload: ListAuditLogsPayload = { category: query.category, cursor: query.cursor, limit: query.limit };
    return this.services.send(IdentityCommands.listAuditLogs, payload, meta);
  }
}
