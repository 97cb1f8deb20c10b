import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsCalendarDateTime, MATURITY_DAYS, MATURITY_DAYS_REFUSAL, refusal } from '@portal/contracts';

/** `GET /api/v1/admin/earnings`: the window of the actuals, at most a year long. */
export class EarningsQuery {
  @ApiProperty({ description: 'Window start (a date, or a timestamp), inclusive', example: '2026-11-01' })
  @IsCalendarDateTime(refusal('from_date_invalid'))
  from: string;

  @ApiProperty({ description: 'Window end: a date is included whole; a timestamp is exclusive. Accrued returns and assets under management are as of this end', example: '2026-11-30' })
  @IsCalendarDateTime(refusal('to_date_invalid'))
  to: string;
}

/** `GET /api/v1/admin/maturities`: how many days ahead, from today. */
export class MaturitiesQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: MATURITY_DAYS.min, maximum: MATURITY_DAYS.max, default: MATURITY_DAYS.default })
  @IsOptional()
  @Type(() => Number)
  @IsInt(MATURITY_DAYS_REFUSAL)
  @Min(MATURITY_DAYS.min, MATURITY_DAYS_REFUSAL)
  @Max(MATURITY_DAYS.max, MATURITY_DAYS_REFUSAL)
  days?: number;
}
