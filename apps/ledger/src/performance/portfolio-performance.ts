import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import {
  Actor,
  Currency,
  PERFORMANCE_DAY,
  PERFORMANCE_DEFAULT_DAYS,
  PERFORMANCE_MAX_DAYS,
  PerformancePoint,
  PortfolioPerformance,
  PortfolioPerformancePayload,
} from '@portal/contracts';
import { fieldRefusal, ServiceError } from '@portal/messaging';
import { formatMinor } from '../book/money';
import { formatReturn, moneyWeightedReturn, PerformanceDay, timeWeightedReturn } from './performance-arithmetic';

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD that is a real calendar day, as a day number; null otherwise. */
function dayNumber(text: string): number | null {
  if (!PERFORMANCE_DAY.test(text)) return null;
  const at = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== text) return null;
  return at / DAY_MS;
}

const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

function invalidDate(field: 'from' | 'to'): ServiceError {
  return ServiceError.of(400, 'performance_date_invalid', { details: [fieldRefusal(field, 'performance_date_invalid')] });
}

/**
 * The period asked for, as of `today`: both ends given, one (the other from the default
 * length), or neither (the last 90 days up to today). Refused (400): a day that does not
 * exist, an end after today, a start after the end, more than five years.
 */
export function performancePeriod(query: { from?: string; to?: string }, today: string): { from: string; to: string } {
  const todayNumber = dayNumber(today) as number;
  const to = query.to === undefined ? todayNumber : dayNumber(query.to);
  if (to === null) throw invalidDate('to');
  const from = query.from === undefined ? to - (PERFORMANCE_DEFAULT_DAYS - 1) : dayNumber(query.from);
  if (from === null) throw invalidDate('from');
  if (to > todayNumber) throw ServiceError.of(400, 'performance_period_in_future');
  if (from > to) throw ServiceError.of(400, 'performance_period_order');
  if (to - from + 1 > PERFORMANCE_MAX_DAYS) throw ServiceError.of(400, 'performance_period_too_long');
  return { from: dayText(from), to: dayText(to) };
}

/** A day of the period (the first row is the day before it, carrying everything earlier). */
interface DayRow {
  date: string;
  /** Balances at the end of the day, minor units. */
  invested: string;
  accrued: string;
  /** The day's payments in and out of the portfolio, minor units, both ≥ 0. */
  inflow: string;
  outflow: string;
  /** Returns accrued that day (on the first row: every accrual before the period). */
  earned: string;
}

/**
 * Issue 28: the performance of a customer's portfolio in a currency (DESIGN.md
 * "Performance"), from the book. The portfolio is the customer's `invested` and `returns`
 * accounts; its value is their sum. Every transfer touching them moves money in or out of
 * the portfolio (payments into investments in, payouts at maturity and refunds out), except
 * the daily `return_accrual`, which is what the portfolio earned. Days are UTC calendar days
 * of the transfers' `created_at`.
 *
 * One statement, so one snapshot: each transfer's entries on the two accounts summed, per
 * day, every day of the period (generate_series) joined with them, and running sums (a
 * window) give the balances at the end of each day, starting from everything before the
 * period (folded into the day before it). The returns are computed from those days
 * (performance-arithmetic.ts).
 */
@Injectable()
export class PortfolioPerformanceReport {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async build(actor: Actor, payload: PortfolioPerformancePayload): Promise<PortfolioPerformance> {
    if (actor.userType !== 'customer') throw ServiceError.of(403, 'performance_customers_only');
    const currency: Currency = payload.currency ?? 'USD';
    const period = performancePeriod(payload, this.clock.today());
    const rows = (await this.dataSource.query(
      `WITH portfolio AS (
         SELECT id, kind FROM ledger.accounts WHERE user_id = $1 AND currency = $2 AND kind IN ('invested', 'returns')
       ),
       moves AS (
         SELECT t.kind, (t.created_at AT TIME ZONE 'UTC')::date AS day,
                coalesce(sum(e.amount) FILTER (WHERE p.kind = 'invested'), 0) AS invested,
                coalesce(sum(e.amount) FILTER (WHERE p.kind = 'returns'), 0) AS accrued,
                sum(e.amount) AS total
         FROM portfolio p
         JOIN ledger.entries e ON e.account_id = p.id
         JOIN ledger.transfers t ON t.id = e.transfer_id
         WHERE t.created_at < (($4::date + 1)::timestamp AT TIME ZONE 'UTC')
         GROUP BY t.id
       ),
       daily AS (
         SELECT greatest(day, $3::date - 1) AS day,
                sum(invested) AS invested,
                sum(accrued) AS accrued,
                coalesce(sum(total) FILTER (WHERE kind <> 'return_accrual' AND total > 0), 0) AS inflow,
                coalesce(-sum(total) FILTER (WHERE kind <> 'return_accrual' AND total < 0), 0) AS outflow,
                coalesce(sum(accrued) FILTER (WHERE kind = 'return_accrual'), 0) AS earned
         FROM moves
         GROUP BY 1
       ),
       days AS (
         SELECT $3::date - 1 + n AS day FROM generate_series(0, $4::date - $3::date + 1) AS n
       )
       SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
              sum(coalesce(x.invested, 0)) OVER running AS invested,
              sum(coalesce(x.accrued, 0)) OVER running AS accrued,
              coalesce(x.inflow, 0) AS inflow,
              coalesce(x.outflow, 0) AS outflow,
              coalesce(x.earned, 0) AS earned
       FROM days d
       LEFT JOIN daily x ON x.day = d.day
       WINDOW running AS (ORDER BY d.day ROWS UNBOUNDED PRECEDING)
       ORDER BY d.day`,
      [actor.userId, currency, period.from, period.to],
    )) as DayRow[];
    const [before, ...inPeriod] = rows;
    const valueOf = (row: DayRow) => BigInt(row.invested) + BigInt(row.accrued);
    const startValue = Number(valueOf(before));
    const days: PerformanceDay[] = inPeriod.map((row) => ({ value: Number(valueOf(row)), inflow: Number(row.inflow), outflow: Number(row.outflow) }));
    const series: PerformancePoint[] = inPeriod.map((row) => ({
      date: row.date,
      value: formatMinor(valueOf(row)),
      invested: formatMinor(row.invested),
      accrued: formatMinor(row.accrued),
    }));
    return {
      currency,
      series,
      timeWeightedReturn: formatReturn(timeWeightedReturn(startValue, days)),
      moneyWeightedReturn: formatReturn(moneyWeightedReturn(startValue, days)),
      earningsToDate: formatMinor(rows.reduce((total, row) => total + BigInt(row.earned), 0n)),
    };
  }
}
