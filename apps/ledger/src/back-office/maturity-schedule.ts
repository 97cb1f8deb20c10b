import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { Actor, Currency, CURRENCIES, CurrencyMaturities, MATURITY_DAYS, MaturitySchedulePayload, MaturityScheduleView, MaturityWeek } from '@portal/contracts';
import { PlatformSettings } from '@portal/messaging';
import { formatMinor } from '../book/money';
import { requireReportsAdmin } from './reports-access';

const DAY_MS = 86_400_000;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday of a date's week (ISO weeks, as PostgreSQL's date_trunc('week') counts them). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** Every Monday from the week of `first` to the week of `last`. */
export function weeksBetween(first: string, last: string): string[] {
  const weeks: string[] = [];
  for (let week = mondayOf(first); week <= last; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/**
 * What treasury must pay out, week by week: the active investments maturing from today
 * (the clock's business date) over the next `days` days, each week with the principal and
 * the expected return paid at maturity and how many investments that is. An investment
 * already due but not paid out yet (the investment day has not run) counts in this week.
 * Per currency, never added together; USD always, other currencies where something matures.
 */
@Injectable()
export class MaturitySchedule {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
    private readonly clock: Clock,
  ) {}

  async next(actor: Actor | null, payload: MaturitySchedulePayload): Promise<MaturityScheduleView> {
    requireReportsAdmin(actor, this.settings);
    const days = payload.days ?? MATURITY_DAYS.default;
    const from = this.clock.today();
    const to = addDays(from, days - 1);
    const rows = (await this.dataSource.query(
      `SELECT currency, to_char(date_trunc('week', greatest(maturity_date, $1::date))::date, 'YYYY-MM-DD') AS week,
              sum(amount) AS principal, sum(expected_return) AS returns, count(*)::int AS count
         FROM ledger.investments
        WHERE status = 'active' AND maturity_date <= $2::date
        GROUP BY 1, 2`,
      [from, to],
    )) as { currency: string; week: string; principal: string; returns: string; count: number }[];

    const weeks = weeksBetween(from, to);
    const byCurrency: CurrencyMaturities[] = CURRENCIES.flatMap((currency: Currency) => {
      const mine = rows.filter((row) => row.currency.trim() === currency);
      if (currency !== 'USD' && mine.length === 0) return [];
      const items: MaturityWeek[] = weeks.map((weekStart) => {
        const row = mine.find((entry) => entry.week === weekStart);
        return { weekStart, principal: formatMinor(row?.principal ?? 0), returns: formatMinor(row?.returns ?? 0), count: row?.count ?? 0 };
      });
      return [{ currency, items }];
    });
    return { from, to, days, currency: 'USD', items: byCurrency[0].items, byCurrency };
  }
}
