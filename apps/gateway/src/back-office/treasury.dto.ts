import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsCalendarDateTime, MATURITY_DAYS, MATURITY_DAYS_MESSAGE } from '@portal/contracts';

/** `GET /api/v1/admin/earnings`: the window of the actuals, at most a year long. */
export class EarningsQuery {
  @ApiProperty({ description: 'Window start (a date, or a timestamp), inclusive', example: '2026-11-01' })
  @IsCalendarDateTime({ message: 'from must be an ISO date' })
  from: string;

  @ApiProperty({ description: 'Window end: a date is included whole; a timestamp is exclusive. Accrued returns and assets under management are as of this end', example: '2026-11-30' })
  @IsCalendarDateTime({ message: 'to must be an ISO date' })
  to: string;
}

/** `GET /api/v1/admin/maturities`: how many days ahead, from today. */
export class MaturitiesQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: MATURITY_DAYS.min, maximum: MATURITY_DAYS.max, default: MATURITY_DAYS.default })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: MATURITY_DAYS_MESSAGE })
  @Min(MATURITY_DAYS.min, { message: MATURITY_DAYS_MESSAGE })
  @Max(MATURITY_DAYS.max, { message: MATURITY_DAYS_MESSAGE })
  days?: number;
}
