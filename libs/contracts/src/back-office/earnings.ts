import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { defineCommand } from '../common/messages';
import { CURRENCIES, Currency } from '@portal/domain-rules';
import { ReportWindowPayload } from './period';
import { refusal } from '../common/refusal';

/**
 * The Earnings Report's actuals of one currency, from the book's investments and
 * transactions (never estimated): what the platform earned and paid in a window, and what
 * it holds for customers at the window's end. Amounts of different currencies are never
 * added together.
 */
export class EarningsActualsFigures {
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ description: 'Platform fees charged (completed fee transactions) within the window', example: '125.00' }) feesEarned: string;
  @ApiProperty({ description: 'The return part of the maturity payouts made within the window (principal excluded)', example: '750.00' }) returnsPaid: string;
  @ApiProperty({ description: 'Returns accrued on investments and not yet paid out, at the end of the window', example: '41.40' }) returnsAccrued: string;
  @ApiProperty({
    description: 'At the end of the window: principal and accrued returns of active investments, plus what has been paid into investments still awaiting funding',
    example: '10041.40',
  })
  assetsUnderManagement: string;
}

/**
 * `GET /api/v1/admin/earnings`: the top-level figures are those of USD (the platform's
 * base currency, listed even when zero); byCurrency has USD and every other currency with
 * figures, each on its own.
 */
export class EarningsActualsView {
  @ApiProperty({ description: 'Window start, inclusive', example: '2026-11-01T00:00:00.000Z' }) from: string;
  @ApiProperty({ description: 'Window end, exclusive; returnsAccrued and assetsUnderManagement are as of this instant', example: '2026-12-01T00:00:00.000Z' }) to: string;
  @ApiProperty({ enum: ['USD'], description: 'The currency of the top-level figures' }) currency: 'USD';
  @ApiProperty({ example: '125.00' }) feesEarned: string;
  @ApiProperty({ example: '750.00' }) returnsPaid: string;
  @ApiProperty({ example: '41.40' }) returnsAccrued: string;
  @ApiProperty({ example: '10041.40' }) assetsUnderManagement: string;
  @ApiProperty({ type: [EarningsActualsFigures], description: 'The same figures for each currency (USD first)' }) byCurrency: EarningsActualsFigures[];
}

/** The maturity schedule's horizon in days: 1..365, 90 unless asked. */
export const MATURITY_DAYS = { min: 1, max: 365, default: 90 } as const;
/** The refusal of a `days` outside MATURITY_DAYS (the gateway's query uses it too). */
export const MATURITY_DAYS_REFUSAL = refusal('maturity_days_invalid', { min: MATURITY_DAYS.min, max: MATURITY_DAYS.max });

export class MaturitySchedulePayload {
  @IsOptional()
  @IsInt(MATURITY_DAYS_REFUSAL)
  @Min(MATURITY_DAYS.min, MATURITY_DAYS_REFUSAL)
  @Max(MATURITY_DAYS.max, MATURITY_DAYS_REFUSAL)
  days?: number;
}

/** The active investments maturing in one week (Monday to Sunday). */
export class MaturityWeek {
  @ApiProperty({ description: 'The Monday the week starts on', example: '2026-11-30' }) weekStart: string;
  @ApiProperty({ description: 'Sum of the principal of the investments maturing that week', example: '10000.00' }) principal: string;
  @ApiProperty({ description: 'Sum of their expected returns, paid with the principal at maturity', example: '750.00' }) returns: string;
  @ApiProperty({ description: 'How many investments mature that week' }) count: number;
}

export class CurrencyMaturities {
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ type: [MaturityWeek], description: 'Every week of the horizon, quiet ones as zero' }) items: MaturityWeek[];
}

/**
 * `GET /api/v1/admin/maturities`: what active investments will pay out, week by week,
 * from today over the next `days` days (an investment already due but not yet paid out
 * counts in the current week). items are USD's; byCurrency has USD and every other
 * currency with maturities, each on its own.
 */
export class MaturityScheduleView {
  @ApiProperty({ description: "Today's business date (UTC), the first day covered", example: '2026-11-29' }) from: string;
  @ApiProperty({ description: 'The last day covered', example: '2027-02-26' }) to: string;
  @ApiProperty({ example: 90 }) days: number;
  @ApiProperty({ enum: ['USD'], description: 'The currency of items' }) currency: 'USD';
  @ApiProperty({ type: [MaturityWeek] }) items: MaturityWeek[];
  @ApiProperty({ type: [CurrencyMaturities], description: 'The same weeks for each currency (USD first)' }) byCurrency: CurrencyMaturities[];
}

/** Treasury figures of the ledger; the caller's role needs the reports permission. */
export const LedgerEarningsCommands = {
  earnings: defineCommand<ReportWindowPayload, EarningsActualsView>('ledger.back-office.earnings.v1', ReportWindowPayload),
  maturities: defineCommand<MaturitySchedulePayload, MaturityScheduleView>('ledger.back-office.maturities.v1', MaturitySchedulePayload),
} as const;
