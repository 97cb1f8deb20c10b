import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { AUDIT_CATEGORIES, AuditCategory } from '@portal/contracts';

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';

/**
 * `GET /api/v1/admin/audit-logs` query, checked and converted at the edge (query strings
 * are text): the list conventions of API.md, limit 1..100 (identity defaults it to 20).
 */
export class AuditLogsQuery {
  @ApiPropertyOptional({ enum: AUDIT_CATEGORIES })
  @IsOptional()
  @IsIn(AUDIT_CATEGORIES, { message: `category must be one of ${AUDIT_CATEGORIES.join(', ')}` })
  category?: AuditCategory;

  @ApiPropertyOptional({ format: 'uuid', description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsUUID('all', { message: 'The cursor is not valid' })
  cursor?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(100, { message: LIMIT_MESSAGE })
  limit?: number;
}
