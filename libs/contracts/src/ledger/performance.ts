import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { defineCommand } from '../common/messages';
import { CURRENCIES, Currency, USER_MESSAGES } from '@portal/domain-rules';
import { refusal } from '../common/refusal';

/**
 * Issue 28: the performance of a customer's portfolio in one currency, computed from the
 * ledger (DESIGN.md): its value over time (invested principal + accrued returns), the
 * earnings to date, and the time-weighted and money-weighted returns of a period.
 */

/** A calendar day, YYYY-MM-DD (UTC); whether the day exists is checked by the ledger. */
export const PERFORMANCE_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The period when none is given: the last 90 days up to today. */
export const PERFORMANCE_DEFAULT_DAYS = 90;

/** The longest period, in days with both ends counted: five years, leap days included. */
export const PERFORMANCE_MAX_DAYS = 5 * 365 + 2;

export const PERFORMANCE_MESSAGES = {
  dateInvalid: USER_MESSAGES.performance_date_invalid,
  inFuture: USER_MESSAGES.performance_period_in_future,
  order: USER_MESSAGES.performance_period_order,
  tooLong: USER_MESSAGES.performance_period_too_long,
  customersOnly: USER_MESSAGES.performance_customers_only,
} as const;

/** The query of GET /api/v1/portfolio/performance. */
export class PortfolioPerformanceQuery {
  @ApiPropertyOptional({ example: '2026-09-01', description: 'First day of the period (UTC), YYYY-MM-DD; default: 89 days before `to`' })
  @IsOptional()
  @IsString(refusal('performance_date_invalid'))
  @Matches(PERFORMANCE_DAY, refusal('performance_date_invalid'))
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-29', description: 'Last day of the period (UTC), YYYY-MM-DD, not after today; default: today. At most 5 years from `from`.' })
  @IsOptional()
  @IsString(refusal('performance_date_invalid'))
  @Matches(PERFORMANCE_DAY, refusal('performance_date_invalid'))
  to?: string;

  @ApiPropertyOptional({ enum: CURRENCIES, default: 'USD' })
  @IsOptional()
  @IsIn(CURRENCIES, refusal('currency_invalid', { currencies: CURRENCIES.join(', ') }))
  currency?: Currency;
}

export class PortfolioPerformancePayload extends PortfolioPerformanceQuery {}

/** The portfolio at the end of one day (UTC), as the ledger's balances stood then. */
export class PerformancePoint {
  @ApiProperty({ example: '2026-11-29' }) date: string;
  @ApiProperty({ example: '10041.40', description: 'invested + accrued' }) value: string;
  @ApiProperty({ example: '10000.00', description: 'Principal in investments' }) invested: string;
  @ApiProperty({ example: '41.40', description: 'Returns accrued and not yet paid out' }) accrued: string;
}

export class PortfolioPerformance {
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ type: [PerformancePoint], description: 'One point per day of the period, oldest first' }) series: PerformancePoint[];
  @ApiProperty({
    nullable: true,
    type: String,
    example: '0.0412',
    description:
      'Time-weighted return of the period as a decimal fraction (0.0412 = 4.12%): daily returns chained between payments in and out, so it measures the investments, not the timing of the money. Null when nothing was invested in the period.',
  })
  timeWeightedReturn: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '0.0398',
    description:
      "Money-weighted return of the period as a decimal fraction: the internal rate of return of the customer's payments in and out and the values at both ends, compounded over the period. Null when nothing was invested in the period.",
  })
  moneyWeightedReturn: string | null;
  @ApiProperty({ example: '41.40', description: 'Every return accrued up to the end of the period, those already paid out included' }) earningsToDate: string;
}

/** The ledger's performance commands (queue group "ledger"); customers only, each of their own portfolio. */
export const LedgerPerformanceCommands = {
  portfolioPerformance: defineCommand<PortfolioPerformancePayload, PortfolioPerformance>('ledger.portfolio.performance.v1', PortfolioPerformancePayload),
} as const;
