import { Query, Res } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { AuditLogPage, IdentityCommands, ListAuditLogsPayload, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { auditBatches, AUDIT_COLUMNS } from '../back-office/report-tables';
import { ExportAudit } from '../exports/export-audit';
import { streamTable, XLSX_CONTENT_TYPE } from '../exports/table-export';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiController, GetEndpoint } from '../openapi/endpoint.decorators';
import { AuditLogsQuery } from './audit-logs.dto';

/** A date-only end of a range includes that whole day. */
function endOf(to: string | undefined): string | undefined {
  if (!to || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return to;
  const end = new Date(to);
  end.setUTCDate(end.getUTCDate() + 1);
  return end.toISOString();
}

@ApiController('admin', 'api/v1/admin/audit-logs')
@RequiresAdminPermission('all')
export class AuditLogsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly exportAudit: ExportAudit,
  ) {}

  @GetEndpoint({ summary: 'Admin actions and security events of every service, newest first, filterable; format=csv|xlsx streams every match, recorded in the audit log first (503 when it cannot be; identity checks the admin role)', type: AuditLogPage, errors: [400, 404] })
  @ApiProduces('application/json', 'text/csv', XLSX_CONTENT_TYPE)
  async list(@Query() query: AuditLogsQuery, @RequestMetadata() meta: RequestMeta, @Res() res: Response): Promise<void> {
    const filter: ListAuditLogsPayload = {
      category: query.category,
      actorUserId: query.actorUserId,
      actionType: query.action,
      from: query.from ? new Date(query.from).toISOString() : undefined,
      to: query.to ? new Date(endOf(query.to) as string).toISOString() : undefined,
    };
    for (const key of Object.keys(filter) as (keyof ListAuditLogsPayload)[]) if (filter[key] === undefined) delete filter[key];
    if (!query.format) {
      const page = await this.services.send(IdentityCommands.listAuditLogs, { ...filter, cursor: query.cursor, limit: query.limit }, meta);
      res.send(page);
      return;
    }
    const first = await this.services.send(IdentityCommands.listAuditLogs, { ...filter, limit: 100, skipTotal: true }, meta);
    if (first.items.length === 0) throw ApiError.of(404, 'no_report_data');
    await this.exportAudit.record({ dataset: 'audit_logs', format: query.format, filters: { ...filter } }, meta);
    await streamTable({ format: query.format, baseName: 'audit-logs', sheetName: 'Audit Logs', columns: AUDIT_COLUMNS, rows: auditBatches(this.services, filter, first, meta) }, res);
  }
}
