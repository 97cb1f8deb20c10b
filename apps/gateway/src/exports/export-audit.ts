import { Inject, Injectable, Module } from '@nestjs/common';
import { DATA_EXPORT_FILTER_LIMITS, DataExportDataset, DataExportFormat, IdentityCommands, RequestMeta } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceCallError, ServiceClient } from '@portal/messaging';
import { LOGGER } from '../connections/tokens';
import { ApiError } from '../http/api-error';

/** A query's values as the record keeps them: texts only, empty ones left out. */
export type ExportFilters = Record<string, string | number | boolean | null | undefined>;

export interface DataExport {
  dataset: DataExportDataset;
  format: DataExportFormat;
  /** The filters the file was made with, by their query names. */
  filters: ExportFilters;
}

function recordedFilters(filters: ExportFilters): Record<string, string> {
  const kept = Object.entries(filters)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined && entry[1] !== null && entry[1] !== '')
    .map(([key, value]) => [key, String(value).slice(0, DATA_EXPORT_FILTER_LIMITS.valueLength)] as const);
  return Object.fromEntries(kept.slice(0, DATA_EXPORT_FILTER_LIMITS.keys));
}

/**
 * Every admin file export (customer names, emails, amounts, the audit trail itself) is
 * written to identity's audit trail before its first byte leaves: a caller awaits
 * `record` before it sends any header. When the record cannot be written (identity
 * is down, slow or fails) the export is refused with 503 and nothing is sent; an
 * export that leaves no trace is not an export this gateway makes. Identity's refusal of
 * the admin (suspended or demoted since the token was issued) is passed on as it is.
 */
@Injectable()
export class ExportAudit {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Resolves with the audit record's id; rejects with a 503 ApiError when there is none. */
  record(file: DataExport, meta: RequestMeta): Promise<string> {
    return recordedBeforeSending(
      () => this.services.send(IdentityCommands.recordDataExport, { dataset: file.dataset, format: file.format, filters: recordedFilters(file.filters) }, meta),
      this.logger,
      { dataset: file.dataset, format: file.format, userId: meta.actor?.userId },
      'export refused: its audit record could not be written',
    );
  }
}

/**
 * An audit record that must exist before a response's first byte (an export, a file
 * view): its id, or a 503 ApiError (logged with `context`) when identity could not write
 * it. Identity's 401/403 (the admin suspended or demoted since the token was issued) is
 * passed on as it is.
 */
export async function recordedBeforeSending(record: () => Promise<{ id: string }>, logger: Logger, context: object, refusal: string): Promise<string> {
  try {
    return (await record()).id;
  } catch (error) {
    if (error instanceof ServiceCallError && (error.body.statusCode === 401 || error.body.statusCode === 403)) throw error;
    logger.warn({ err: error instanceof Error ? error.message : String(error), ...context }, refusal);
    throw ApiError.of(503, 'service_unavailable', { params: { name: 'identity' } });
  }
}

/** Imported by every module with an admin file export. */
@Module({ providers: [ExportAudit], exports: [ExportAudit] })
export class ExportAuditModule {}
