import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';

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
  @Matches(/^\/[A-Za-z0-9\-._~/%!$&'()*+,;=:@]*$/, { message: 'path must be a path of the web app, such as /admin/users' })
  path: string;

  @ApiPropertyOptional({ description: 'Kept as reported, in the metadata; never the description' })
  @IsOptional()
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
  @IsOptional() @IsUUID('all', { message: 'actorUserId must be a user id' }) actorUserId?: string;
  @IsOptional() @IsString() @MaxLength(100) actionType?: string;
  /** Inclusive. */
  @IsOptional() @IsISO8601({}, { message: 'from must be an ISO date' }) from?: string;
  /** Exclusive. */
  @IsOptional() @IsISO8601({}, { message: 'to must be an ISO date' }) to?: string;
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
