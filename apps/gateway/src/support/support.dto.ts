import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsOmittable, refusal, TICKET_STATUSES, TicketStatus, PageLimit } from '@portal/contracts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `GET .../tickets` query: API.md list conventions; the cursor is the previous page's nextCursor. */
export class TicketListQuery {
  @PageLimit()
  limit?: number;

  // Opaque to the gateway: the support service decodes it (400 `cursor_invalid`).
  @ApiPropertyOptional() @IsOptional() @IsString(refusal('cursor_invalid')) @MaxLength(400, refusal('cursor_invalid')) cursor?: string;
}

export class AdminTicketListQuery extends TicketListQuery {
  @ApiPropertyOptional({ enum: TICKET_STATUSES }) @IsOptional() @IsIn(TICKET_STATUSES, refusal('status_filter_invalid', { statuses: TICKET_STATUSES.join(', ') })) status?: TicketStatus;
  @ApiPropertyOptional({ description: 'Text in the subject or message' }) @IsOptional() @IsString() @MaxLength(200) q?: string;
}

export class ReplyToTicketBody {
  @ApiProperty({ maxLength: 5000 })
  @Transform(trim)
  @IsString(refusal('response_required'))
  @IsNotEmpty(refusal('response_required'))
  @MaxLength(5000)
  message: string;
}

/** API.md: `PATCH /api/v1/admin/support/tickets/:id` `{status, adminResponse}`. */
export class UpdateTicketBody {
  @ApiPropertyOptional({ enum: TICKET_STATUSES, description: 'in_progress, resolved or closed; with an adminResponse also open (send and keep open)' })
  @IsOmittable()
  @IsIn(TICKET_STATUSES, refusal('status_filter_invalid', { statuses: TICKET_STATUSES.join(', ') }))
  status?: TicketStatus;
  @ApiPropertyOptional({ maxLength: 5000, description: 'A new answer; it sets the ticket resolved unless a status is given' })
  @IsOmittable()
  @Transform(trim)
  @IsString()
  @MaxLength(5000)
  adminResponse?: string;
}
