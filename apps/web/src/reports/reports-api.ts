import type { components } from '@portal/api-client';
import { callGateway } from '../api/http';

type Schemas = components['schemas'];
export type AdminReportView = Schemas['AdminReportView'];
export type AuditLogPage = Schemas['AuditLogPage'];
export type AuditLogEntry = Schemas['AuditLogEntry'];
export type ReportPeriod = AdminReportView['period'];
export type ReportTab = 'overview' | 'financial' | 'users' | 'audit';
export type ExportFormat = 'csv' | 'xlsx';
export type EarningsActualsView = Schemas['EarningsActualsView'];
export type EarningsActualsFigures = Schemas['EarningsActualsFigures'];
export type MaturityScheduleView = Schemas['MaturityScheduleView'];
export type MaturityWeek = Schemas['MaturityWeek'];

/** A window of the earnings actuals: dates (YYYY-MM-DD, the end day included) or the instants a report covered. */
export interface EarningsWindow {
  from: string;
  to: string;
}

/** The maturity schedule's horizon on the Reports screen, in days. */
export const MATURITY_HORIZON_DAYS = 90;

export interface ReportRange {
  period: ReportPeriod;
  /** Dates (YYYY-MM-DD) of a custom range; the end day is included. */
  from?: string;
  to?: string;
}

export interface AuditFilter {
  actorUserId?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const reportKeys = {
  all: ['admin-reports'] as const,
  report: (range: ReportRange) => [...reportKeys.all, 'report', range] as const,
  audit: (filter: AuditFilter, cursor: string | undefined) => [...reportKeys.all, 'audit', filter, cursor ?? null] as const,
  admins: () => [...reportKeys.all, 'admins'] as const,
  earnings: (window: EarningsWindow) => [...reportKeys.all, 'earnings', window] as const,
  maturities: (days: number) => [...reportKeys.all, 'maturities', days] as const,
};

const rangeQuery = (range: ReportRange) => (range.period === 'custom' ? range : { period: range.period });

/** Reads a streamed download chunk by chunk, telling how many bytes have arrived. */
async function collect(stream: ReadableStream<Uint8Array>, onProgress: (bytes: number) => void): Promise<Uint8Array[]> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
}

const MIME: Record<ExportFormat, string> = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** The same dated name the server gives the file. */
export const exportFileName = (baseName: string, format: ExportFormat, at = new Date()) => `${baseName}-${at.toISOString().slice(0, 10)}.${format}`;

export const reportsApi = {
  report: (range: ReportRange) => callGateway((client, init) => client.GET('/api/v1/admin/reports', { ...init, params: { query: rangeQuery(range) } })),
  auditLogs: (filter: AuditFilter, cursor: string | undefined, limit = 20) =>
    callGateway((client, init) => client.GET('/api/v1/admin/audit-logs', { ...init, params: { query: { ...filter, cursor, limit } } })),
  admins: () => callGateway((client, init) => client.GET('/api/v1/admin/users', { ...init, params: { query: { userType: 'admin', pageSize: 100 } } })),
  /** Fees earned, returns paid, returns accrued and assets under management of a window, per currency (reports permission). */
  earnings: (window: EarningsWindow): Promise<EarningsActualsView> => callGateway((client, init) => client.GET('/api/v1/admin/earnings', { ...init, params: { query: window } })),
  /** Principal and returns of active investments maturing in each week of the next days, per currency (reports permission). */
  maturities: (days = MATURITY_HORIZON_DAYS): Promise<MaturityScheduleView> => callGateway((client, init) => client.GET('/api/v1/admin/maturities', { ...init, params: { query: { days } } })),

  /** A tab of the report (or the filtered audit log) as a file streamed by the gateway, with the bytes received so far. */
  async download(target: { kind: 'report'; range: ReportRange; tab: ReportTab } | { kind: 'audit'; filter: AuditFilter }, format: ExportFormat, onProgress: (bytes: number) => void): Promise<{ blob: Blob; fileName: string }> {
    const stream = (await callGateway((client, init) =>
      target.kind === 'report'
        ? (client.GET('/api/v1/admin/reports', { ...init, params: { query: { ...rangeQuery(target.range), tab: target.tab, format } }, parseAs: 'stream' }) as never)
        : (client.GET('/api/v1/admin/audit-logs', { ...init, params: { query: { ...target.filter, format } }, parseAs: 'stream' }) as never),
    )) as ReadableStream<Uint8Array>;
    const chunks = await collect(stream, onProgress);
    const baseName = target.kind === 'report' ? `report-${target.range.period}-${target.tab}` : 'audit-logs';
    return { blob: new Blob(chunks as BlobPart[], { type: MIME[format] }), fileName: exportFileName(baseName, format) };
  },
};

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
