import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Matches, MaxLength, Min, ValidateBy, ValidateNested, ValidationOptions } from 'class-validator';
import { Type } from 'class-transformer';
import { BACKEND_SERVICES, BackendService } from '../common/health';
import { IsOmittable } from '../common/validators';
import { refusal } from '../common/refusal';

export const SECURITY_EVENT_TYPES = ['unauthorized_access', 'suspicious_activity', 'data_breach_attempt'] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** A security event reported by the web app (e.g. a customer opening an /admin page). */
export class RecordSecurityEventPayload {
  @ApiProperty({ enum: SECURITY_EVENT_TYPES })
  @IsIn(SECURITY_EVENT_TYPES)
  type: SecurityEventType;

  @ApiProperty({ description: 'The path of the web app that was attempted, e.g. /admin/users' })
  @IsString()
  @MaxLength(200)
  // A path, not prose: the record's description is written by the server around it.
  @Matches(/^\/[A-Za-z0-9\-._~/%!$&'()*+,;=:@]*$/, refusal('page_path_invalid'))
  path: string;

  @ApiPropertyOptional({ description: 'Kept as reported, in the metadata; never the description' })
  @IsOmittable()
  @IsString()
  @MaxLength(500)
  details?: string;

  /** Set by the gateway when it denied the request itself, rather than reported by the browser. */
  @IsOptional()
  @IsIn(['gateway', 'web'])
  source?: 'gateway' | 'web';

  @IsOptional()
  @IsString()
  @MaxLength(10)
  method?: string;
}

/** The admin file exports there are (API.md "Exports"), each recorded in the audit trail before its first byte. */
export const DATA_EXPORT_DATASETS = [
  /** GET /api/v1/admin/transactions?format= */
  'transactions',
  /** GET /api/v1/admin/audit-logs?format= */
  'audit_logs',
  /** GET /api/v1/admin/reports?format=&tab=overview|financial|users|audit */
  'report_overview',
  'report_financial',
  'report_users',
  'report_audit_logs',
] as const;
export type DataExportDataset = (typeof DATA_EXPORT_DATASETS)[number];
export const DATA_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];

/** Bounds of an export's filters: a few named query values, never a document. */
export const DATA_EXPORT_FILTER_LIMITS = { keys: 20, keyLength: 40, valueLength: 500 } as const;
const FILTER_KEY = new RegExp(`^[A-Za-z][A-Za-z0-9_]{0,${DATA_EXPORT_FILTER_LIMITS.keyLength - 1}}$`);

/** A flat map of texts: at most 20 keys named like query parameters, each value at most 500 characters. */
export function isDataExportFilters(value: unknown): value is Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= DATA_EXPORT_FILTER_LIMITS.keys &&
    entries.every(([key, text]) => FILTER_KEY.test(key) && typeof text === 'string' && text.length <= DATA_EXPORT_FILTER_LIMITS.valueLength)
  );
}

function IsDataExportFilters(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isDataExportFilters', validator: { validate: (value) => isDataExportFilters(value) } }, options);
}

/** An admin's file export, recorded by the gateway before the file is sent (an admin_action, data_exported). */
export class RecordDataExportPayload {
  @ApiProperty({ enum: DATA_EXPORT_DATASETS })
  @IsIn(DATA_EXPORT_DATASETS, refusal('export_dataset_invalid', { datasets: DATA_EXPORT_DATASETS.join(', ') }))
  dataset: DataExportDataset;

  @ApiProperty({ enum: DATA_EXPORT_FORMATS })
  @IsIn(DATA_EXPORT_FORMATS, refusal('export_format_invalid'))
  format: DataExportFormat;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'The filters the export applied, as query texts' })
  @IsDataExportFilters(refusal('export_filters_invalid', { keys: DATA_EXPORT_FILTER_LIMITS.keys, length: DATA_EXPORT_FILTER_LIMITS.valueLength }))
  filters: Record<string, string>;
}

export class RecordDataExportResult {
  @ApiProperty({ format: 'uuid', description: 'Id of the audit record' }) id: string;
}

/**
 * An administrator opening another person's stored file (GET /api/v1/files/:id: a KYC
 * document, an application's document, a profile photo), recorded by the gateway before
 * the first byte is sent (an admin_action, file_viewed). The file's name is not part of it:
 * a name such as "jane-doe-passport.pdf" is personal data; the id, owner, purpose and
 * content type say which file it was.
 */
export class RecordFileViewPayload {
  @IsUUID('all', refusal('file_id_invalid'))
  fileId: string;

  /** Whose file it is (absent when kyc did not say). */
  @IsOptional()
  @IsUUID('all', refusal('owner_id_invalid'))
  ownerId?: string | null;

  /** What the file is for, e.g. kyc:id or application:bank_statement. */
  @IsOptional()
  @IsString()
  @Matches(/^[a-z0-9:_-]{1,60}$/, refusal('file_purpose_invalid'))
  purpose?: string | null;

  /** The type kyc detected from the content. */
  @IsString()
  @MaxLength(100)
  @Matches(/^[\w.+-]+\/[\w.+-]+$/, refusal('mime_type_invalid'))
  mimeType: string;

  /** Bytes. */
  @IsInt()
  @Min(0)
  size: number;
}

export class RecordFileViewResult {
  @ApiProperty({ format: 'uuid', description: 'Id of the audit record' }) id: string;
}

export class AuditLogEntry {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'admin_action or security_event' }) category: string;
  @ApiProperty() actionType: string;
  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String }) actorUserId: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) actorEmail: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) targetType: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) targetId: string | null;
  @ApiProperty() description: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) metadata: Record<string, unknown>;
  @ApiPropertyOptional({ nullable: true, type: String }) clientIp: string | null;
  @ApiProperty() createdAt: string;
}

export class ListAuditLogsPayload {
  @IsOptional() @IsString() category?: string;
  @IsOptional() @IsString() cursor?: string;
  @IsOptional() limit?: number;
  /** The admin (or other actor) who acted. */
  @IsOptional() @IsUUID('all', refusal('actor_user_id_invalid')) actorUserId?: string;
  @IsOptional() @IsString() @MaxLength(100) actionType?: string;
  /** Inclusive. */
  @IsOptional() @IsISO8601({}, refusal('from_date_invalid')) from?: string;
  /** Exclusive. */
  @IsOptional() @IsISO8601({}, refusal('to_date_invalid')) to?: string;
  /** Leave the total uncounted (0): an export walking every page needs it at most once. */
  @IsOptional() @IsBoolean() skipTotal?: boolean;
}


/** Why a service refused a command (see libs/messaging command-signatures.ts). */
export const COMMAND_REFUSALS = ['unsigned', 'unknown_signer', 'expired', 'bad_signature', 'replayed'] as const;

/** Claimed actor of a refused command, as far as it had an actor's shape: who someone tried to act as. */
export class ClaimedActor {
  @IsOptional() @IsString() @MaxLength(100) userId?: string;
  @IsOptional() @IsString() @MaxLength(20) userType?: string;
  @IsOptional() @IsString() @MaxLength(20) adminRole?: string;
}

/**
 * A command a service refused because no trusted key signed it: sent by that service
 * (itself signed) so the attempt is in the audit trail, with the actor it claimed.
 */
export class RecordRefusedCommandPayload {
  @IsIn(BACKEND_SERVICES) service: BackendService;
  @IsString() @MaxLength(200) subject: string;
  @IsIn(COMMAND_REFUSALS) refusal: (typeof COMMAND_REFUSALS)[number];
  @IsOptional() @IsString() @MaxLength(50) signer?: string;
  @IsOptional() @ValidateNested() @Type(() => ClaimedActor) claimedActor?: ClaimedActor;
  @IsOptional() @IsString() @MaxLength(100) requestId?: string;
  /** Refusals past the service's reporting rate since its last record, only counted. */
  @IsInt() @Min(0) alsoRefusedUnreported: number;
}

export class RecordSecurityEventResult {
  @ApiProperty({ format: 'uuid', description: 'Id of the audit record' }) id: string;
}

/** A page of audit records, newest first; pass nextCursor back as cursor for the next page. */
export class AuditLogPage {
  @ApiProperty({ type: [AuditLogEntry] }) items: AuditLogEntry[];
  @ApiProperty({ nullable: true, type: String }) nextCursor: string | null;
  @ApiProperty({ description: 'Records matching the filter, across all pages' }) total: number;
}
