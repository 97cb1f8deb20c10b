import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { AUDIT_CATEGORIES, AuditCategory, IsCalendarDateTime, PageLimit, refusal } from '@portal/contracts';

/**
 * `GET /api/v1/admin/audit-logs` query, checked and converted at the edge (query strings
 * are text): the list conventions of API.md, limit 1..100 (identity defaults it to 20).
 */
export class AuditLogsQuery {
  @ApiPropertyOptional({ enum: AUDIT_CATEGORIES })
  @IsOptional()
  @IsIn(AUDIT_CATEGORIES, refusal('audit_category_invalid', { categories: AUDIT_CATEGORIES.join(', ') }))
  category?: AuditCategory;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsString(refusal('cursor_invalid'))
  @MaxLength(400, refusal('cursor_invalid'))
  cursor?: string;

  @PageLimit()
  limit?: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only what this admin (or user) did' })
  @IsOptional()
  @IsUUID('all', refusal('actor_user_id_invalid'))
  actorUserId?: string;

  @ApiPropertyOptional({ description: 'Only this action, e.g. user_suspended or unauthorized_access' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-z0-9_.-]+$/, refusal('audit_action_invalid'))
  action?: string;

  @ApiPropertyOptional({ description: 'From this date or time, inclusive' })
  @IsOptional()
  @IsCalendarDateTime(refusal('from_date_invalid'))
  from?: string;

  @ApiPropertyOptional({ description: 'Up to this date (the whole day) or time (exclusive)' })
  @IsOptional()
  @IsCalendarDateTime(refusal('to_date_invalid'))
  to?: string;

  @ApiPropertyOptional({ enum: ['csv', 'xlsx'], description: 'Streams every matching record as a file instead of a page' })
  @IsOptional()
  @IsIn(['csv', 'xlsx'], refusal('export_format_invalid'))
  format?: 'csv' | 'xlsx';
}
