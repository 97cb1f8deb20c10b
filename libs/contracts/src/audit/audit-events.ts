import { Type } from 'class-transformer';
import { IsIn, IsIP, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { BackendService } from '../common/health';
import { defineEvent, EventDefinition } from '../common/messages';

export const AUDIT_CATEGORIES = ['security_event', 'admin_action'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export class AuditActor {
  @IsUUID() userId: string;
  /** The email as it was at the time, so the record outlives the account. */
  @IsOptional() @IsString() @MaxLength(254) email?: string | null;
}

/**
 * One entry for the platform's single audit trail, recorded by the service where the
 * action happened (in the transaction of the action, through its outbox) and written to
 * the audit log by its owner, identity. Every admin action of every service goes here.
 */
export class AuditRecordedEvent {
  @IsIn(AUDIT_CATEGORIES) category: AuditCategory;
  /** What was done, snake_case: deposit_approved, ticket_closed, kyc_document_rejected ... */
  @IsString() @MaxLength(100) actionType: string;
  @IsOptional() @ValidateNested() @Type(() => AuditActor) actor: AuditActor | null;
  @IsOptional() @IsString() @MaxLength(50) targetType?: string | null;
  @IsOptional() @IsString() @MaxLength(100) targetId?: string | null;
  @IsString() @MaxLength(1000) description: string;
  @IsOptional() @IsObject() metadata?: Record<string, unknown>;
  @IsOptional() @IsIP() clientIp?: string | null;
}

/** The audit event of a service other than identity (identity writes its own entries directly). */
export type AuditingService = Exclude<BackendService, 'identity'>;

export function auditRecorded(service: AuditingService): EventDefinition<AuditRecordedEvent> {
  return defineEvent(`${service}.audit.recorded.v1`, AuditRecordedEvent);
}
