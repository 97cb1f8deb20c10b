import { Query, Res } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { AdminReportView, AdminStatsView, IdentityCommands, ListAuditLogsPayload, reportWindowCode, RequestMeta } from '@portal/contracts';
import { ServiceClient } from '@portal/messaging';
import { RequiresAdminPermission } from '../auth/access.decorators';
import { ExportAudit } from '../exports/export-audit';
import { ExportFormat, streamTable, XLSX_CONTENT_TYPE } from '../exports/table-export';
import { ApiError } from '../http/api-error';
import { RequestMetadata } from '../http/request-context';
import { ApiController, GetEndpoint } from '../openapi/endpoint.decorators';
import { ReportsQuery, reportWindow } from './back-office.dto';
import { BackOfficeFigures } from './back-office-figures';
import { auditBatches, AUDIT_COLUMNS, FIGURE_COLUMNS, figureRows } from './report-tables';

const SHEETS = { overview: 'Overview', financial: 'Financial', users: 'Users', audit: 'Audit Logs' } as const;
const DATASETS = { overview: 'report_overview', financial: 'report_financial', users: 'report_users', audit: 'report_audit_logs' } as const;

/**
 * The back office's Overview and Reports & Analytics. Any admin may see them (the overview
 * is every admin's landing page); each service checks the caller is an admin, and the
 * Audit Logs tab keeps identity's own rule (super administrators).
 */
@ApiController('admin', 'api/v1/admin')
export class BackOfficeController {
  constructor(
    private readonly figures: BackOfficeFigures,
    private readonly services: ServiceClient,
    private readonly exportAudit: ExportAudit,
  ) {}

  @GetEndpoint('stats', { summary: 'The overview cards, each section from the service that owns it; a section whose service is down is marked unavailable', type: AdminStatsView })
  @RequiresAdminPermission('any_admin')
  stats(@RequestMetadata() meta: RequestMeta): Promise<AdminStatsView> {
    return this.figures.stats(meta);
  }

  @GetEndpoint('reports', { summary: 'Report figures for a period (daily, weekly, monthly or custom from/to); format=csv|xlsx streams one tab as a dated file, recorded in the audit log first (503 when it cannot be)', type: AdminReportView, errors: [400, 404] })
  @RequiresAdminPermission('reports')
  @ApiProduces('application/json', 'text/csv', XLSX_CONTENT_TYPE)
  async report(@Query() query: ReportsQuery, @RequestMetadata() meta: RequestMeta, @Res() res: Response): Promise<void> {
    const window = reportWindow(query);
    const problem = reportWindowCode(window);
    if (problem) throw ApiError.of(400, problem);
    const tab = query.tab ?? 'overview';
    const baseName = `report-${window.period}-${tab}`;
    const recordExport = (format: ExportFormat) => this.exportAudit.record({ dataset: DATASETS[tab], format, filters: { period: window.period, from: window.from, to: window.to } }, meta);
    if (query.format && tab === 'audit') {
      const filter: ListAuditLogsPayload = { from: window.from, to: window.to };
      const first = await this.services.send(IdentityCommands.listAuditLogs, { ...filter, limit: 100, skipTotal: true }, meta);
      if (first.items.length === 0) throw ApiError.of(404, 'no_report_data');
      await recordExport(query.format);
      await streamTable({ format: query.format, baseName, sheetName: SHEETS.audit, columns: AUDIT_COLUMNS, rows: auditBatches(this.services, filter, first, meta) }, res);
      return;
    }
    const report = await this.figures.report(window, meta);
    if (!query.format) {
      res.send(report);
      return;
    }
    const rows = figureRows(report, tab === 'audit' ? 'overview' : tab);
    if (!report.hasData || rows.length === 0) throw ApiError.of(404, 'no_report_data');
    await recordExport(query.format);
    await streamTable(
      {
        format: query.format,
        baseName,
        sheetName: SHEETS[tab],
        columns: FIGURE_COLUMNS,
        rows: (async function* () {
          yield rows;
        })(),
      },
      res,
    );
  }
}
