import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, Currency, CURRENCIES, EarningsActualsFigures, EarningsActualsView, ReportWindowPayload } from '@portal/contracts';
import { PlatformSettings } from '@portal/messaging';
import { formatMinor } from '../book/money';
import { reportWindowRefusal } from './report-window';
import { requireReportsAdmin } from './reports-access';

interface Sums {
  fees: bigint;
  returnsPaid: bigint;
  accrued: bigint;
  assets: bigint;
}

const ZERO: Sums = { fees: 0n, returnsPaid: 0n, accrued: 0n, assets: 0n };
const currencyOf = (value: string) => value.trim() as Currency;

/**
 * The Earnings Report's actuals for a window [from, to), per currency, from the ledger's
 * investments and transactions (the dates the investment day writes, so they agree with
 * each other whatever clock runs it):
 *
 * - fees earned: completed `fee` transactions created in the window;
 * - returns paid: the return part (the investment's accrued return, never its principal)
 *   of the maturity payouts (`return` transactions, RET-…) made in the window; refunds of
 *   cancelled investments (RFD-…) are not returns;
 * - returns accrued at `to`: each day's accrual, once that day has ended by `to`, of the
 *   investments not yet paid out by then;
 * - assets under management at `to`: the principal and accrued return of the investments
 *   active then, plus what had been paid into those still awaiting funding (their funded
 *   amount while they still await it; otherwise the payments completed before `to`).
 *
 * "By `to`" goes by business date: `to`'s last instant's day for activations and closings.
 */
@Injectable()
export class EarningsActuals {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
  ) {}

  async forWindow(actor: Actor | null, payload: ReportWindowPayload): Promise<EarningsActualsView> {
    requireReportsAdmin(actor, this.settings);
    const refusal = reportWindowRefusal(payload);
    if (refusal) throw refusal;
    const from = new Date(payload.from);
    const to = new Date(payload.to);
    // The business day `to`'s last instant falls on, and the first day whose accrual has not ended by `to`.
    const endDay = new Date(to.getTime() - 1).toISOString().slice(0, 10);
    const accruedBefore = to.toISOString().slice(0, 10);

    const [fees, returnsPaid, holdings] = await Promise.all([
      this.dataSource.query(
        `SELECT currency, sum(amount) AS amount FROM ledger.transactions
          WHERE type = 'fee' AND status = 'completed' AND created_at >= $1::timestamptz AND created_at < $2::timestamptz
          GROUP BY currency`,
        [from, to],
      ) as Promise<{ currency: string; amount: string }[]>,
      this.dataSource.query(
        `SELECT t.currency, sum(i.accrued) AS amount
           FROM ledger.transactions t JOIN ledger.investments i ON i.id = t.investment_id
          WHERE t.type = 'return' AND t.status = 'completed' AND t.reference LIKE 'RET-%'
            AND t.created_at >= $1::timestamptz AND t.created_at < $2::timestamptz
          GROUP BY t.currency`,
        [from, to],
      ) as Promise<{ currency: string; amount: string }[]>,
      this.dataSource.query(
        `WITH open_at_end AS (
           SELECT i.id, i.currency, i.amount, i.funded, i.accrued, i.accrued_through, i.status, (i.start_date IS NOT NULL AND i.start_date <= $1::date) AS active
             FROM ledger.investments i
            WHERE i.opened_on <= $1::date AND NOT (i.status IN ('matured', 'cancelled') AND i.closed_on <= $1::date)
         ),
         held AS (
           SELECT o.currency, o.active,
                  CASE WHEN NOT o.active THEN 0
                       -- Every accrual posted so far ended before to: the running total is the answer.
                       WHEN o.accrued_through IS NULL OR o.accrued_through < $2::date THEN o.accrued
                       ELSE (SELECT coalesce(sum(r.amount), 0) FROM ledger.investment_accruals r WHERE r.investment_id = o.id AND r.business_date < $2::date) END AS accrued,
                  CASE WHEN o.active THEN o.amount
                       WHEN o.status = 'awaiting_funding' THEN o.funded
                       ELSE least(o.amount, (SELECT coalesce(sum(t.amount), 0) FROM ledger.transactions t
                                              WHERE t.investment_id = o.id AND t.type = 'investment' AND t.status = 'completed' AND t.created_at < $3::timestamptz)) END AS principal
             FROM open_at_end o
         )
         SELECT currency, coalesce(sum(accrued), 0) AS accrued, coalesce(sum(principal + accrued), 0) AS assets FROM held GROUP BY currency`,
        [endDay, accruedBefore, to],
      ) as Promise<{ currency: string; accrued: string; assets: string }[]>,
    ]);

    const sums = new Map<Currency, Sums>();
    const add = (currency: string, part: Partial<Sums>) => {
      const key = currencyOf(currency);
      const current = sums.get(key) ?? ZERO;
      sums.set(key, {
        fees: current.fees + (part.fees ?? 0n),
        returnsPaid: current.returnsPaid + (part.returnsPaid ?? 0n),
        accrued: current.accrued + (part.accrued ?? 0n),
        assets: current.assets + (part.assets ?? 0n),
      });
    };
    for (const row of fees) add(row.currency, { fees: BigInt(row.amount) });
    for (const row of returnsPaid) add(row.currency, { returnsPaid: BigInt(row.amount) });
    for (const row of holdings) add(row.currency, { accrued: BigInt(row.accrued), assets: BigInt(row.assets) });

    // USD always (the top-level figures), other currencies only where they have figures; never added together.
    const byCurrency: EarningsActualsFigures[] = CURRENCIES.flatMap((currency) => {
      const figures = sums.get(currency) ?? ZERO;
      const empty = Object.values(figures).every((value) => value === 0n);
      if (currency !== 'USD' && empty) return [];
      return [
        {
          currency,
          feesEarned: formatMinor(figures.fees),
          returnsPaid: formatMinor(figures.returnsPaid),
          returnsAccrued: formatMinor(figures.accrued),
          assetsUnderManagement: formatMinor(figures.assets),
        },
      ];
    });
    const { currency, ...usd } = byCurrency[0];
    return { from: from.toISOString(), to: to.toISOString(), currency: currency as 'USD', ...usd, byCurrency };
  }
}
