import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { businessDate, Clock } from '@portal/config';
import {
  Actor,
  ApplicationType,
  Currency,
  GeneralSettings,
  InvestmentStatus,
  MonthlyStatement,
  MonthlyStatementPayload,
  STATEMENT_MONTH,
  StatementInvestment,
  StatementLine,
} from '@portal/contracts';
import { fieldRefusal, PlatformSettings, ServiceError } from '@portal/messaging';
import { formatMinor } from '../book/money';

/** The heading while the general settings name no platform. */
const DEFAULT_PLATFORM_NAME = 'Investment Portal';

/** Postings without a customer transaction, by their transfer's kind. */
const KIND_DESCRIPTIONS: Record<string, string> = {
  security_deposit_lock: 'Security deposit locked',
  security_deposit_relock: 'Security deposit re-locked',
  security_deposit_unlock: 'Security deposit unlocked',
};

/** Postings that give back money of a transaction instead of moving it as the transaction says. */
const REVERSAL_NOTES: Record<string, string> = {
  withdrawal_release: 'Returned to your available balance',
};

export interface StatementPeriodBounds {
  /** The month's first instant (UTC). */
  start: Date;
  /** The next month's first instant; null for the current month, whose statement runs to now. */
  end: Date | null;
  /** First and last calendar days shown (the last is today for the current month). */
  from: string;
  to: string;
}

/**
 * The period of a month's statement, as of `now`: a past month whole, the current month up to
 * now. A month that has not started is refused (400), never answered with an empty statement.
 */
export function statementPeriod(month: string, now: Date): StatementPeriodBounds {
  if (!STATEMENT_MONTH.test(month)) throw ServiceError.of(400, 'statement_month_invalid', { details: [fieldRefusal('month', 'statement_month_invalid')] });
  const [year, monthNumber] = month.split('-').map(Number);
  const start = new Date(Date.UTC(year, monthNumber - 1, 1));
  const next = new Date(Date.UTC(year, monthNumber, 1));
  const currentStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  if (start.getTime() > currentStart) throw ServiceError.of(400, 'statement_month_in_future');
  if (start.getTime() === currentStart) return { start, end: null, from: businessDate(start), to: businessDate(now) };
  return { start, end: next, from: businessDate(start), to: businessDate(new Date(next.getTime() - 1)) };
}

interface LineRow {
  kind: string;
  created_at: Date;
  amount: string;
  type: string | null;
  reference: string | null;
  description: string | null;
}

interface InvestmentRow {
  id: string;
  investment_type: ApplicationType;
  status: InvestmentStatus;
  amount: string;
  funded: string;
  accrued: string;
  accrued_then: string;
  expected_return: string;
  start_date: string | null;
  maturity_date: string | null;
  closed_on: string | null;
}

function describe(row: LineRow): string {
  if (row.description === null) return KIND_DESCRIPTIONS[row.kind] ?? row.kind.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());
  const note = REVERSAL_NOTES[row.kind];
  return note ? `${note}: ${row.description}` : row.description;
}

/** An investment's status at the end of a past period, from its dates. */
function statusAt(row: InvestmentRow, to: string): InvestmentStatus {
  if ((row.status === 'matured' || row.status === 'cancelled') && row.closed_on !== null && row.closed_on <= to) return row.status;
  if (row.start_date !== null && row.start_date <= to) return 'active';
  return 'awaiting_funding';
}

/**
 * Issue 28: the monthly statement of a customer's AVAILABLE balance in a currency, read
 * from the book: the opening balance is every entry on the available account before the
 * month's first instant (UTC), each transfer of the month touching it is a line (its
 * entries summed, with the transaction's reference, type and description), and the closing
 * balance is the opening plus the lines. The current month runs to now, so its closing
 * balance is the available balance the balance command shows. Everything is read in one
 * snapshot, so a posting made meanwhile is either wholly in or wholly out.
 */
@Injectable()
export class MonthlyStatements {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly settings: PlatformSettings,
  ) {}

  async build(actor: Actor, payload: MonthlyStatementPayload): Promise<MonthlyStatement> {
    if (actor.userType !== 'customer') throw ServiceError.of(403, 'statement_customers_only');
    const currency: Currency = payload.currency ?? 'USD';
    const now = this.clock.now();
    const period = statementPeriod(payload.month, now);
    const { opening, rows, investments } = await this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      await manager.query('SET TRANSACTION READ ONLY');
      const [account] = (await manager.query(`SELECT id FROM ledger.accounts WHERE user_id = $1 AND currency = $2 AND kind = 'available'`, [actor.userId, currency])) as { id: string }[];
      const [openingRow, lineRows] = account ? await this.postings(manager, account.id, period) : [0n, [] as LineRow[]];
      return { opening: openingRow, rows: lineRows, investments: await this.investments(manager, actor.userId, currency, period) };
    });
    let balance = opening;
    let totalIn = 0n;
    let totalOut = 0n;
    const lines: StatementLine[] = rows.map((row) => {
      const amount = BigInt(row.amount);
      balance += amount;
      if (amount > 0n) totalIn += amount;
      else totalOut -= amount;
      return {
        date: new Date(row.created_at).toISOString(),
        reference: row.reference ?? '',
        type: row.type ?? row.kind,
        description: describe(row),
        amount: formatMinor(amount),
        balance: formatMinor(balance),
      };
    });
    return {
      platformName: this.settings.get<Partial<GeneralSettings>>('general')?.platformName?.trim() || DEFAULT_PLATFORM_NAME,
      currency,
      month: payload.month,
      period: { from: period.from, to: period.to },
      toDate: period.end === null,
      generatedAt: now.toISOString(),
      openingBalance: formatMinor(opening),
      closingBalance: formatMinor(balance),
      totalIn: formatMinor(totalIn),
      totalOut: formatMinor(totalOut),
      lines,
      investments,
    };
  }

  /** The opening balance and the month's transfers on the available account, oldest first. */
  private async postings(manager: EntityManager, accountId: string, period: StatementPeriodBounds): Promise<[bigint, LineRow[]]> {
    const [opening] = (await manager.query(
      `SELECT coalesce(sum(e.amount), 0) AS total
       FROM ledger.entries e JOIN ledger.transfers t ON t.id = e.transfer_id
       WHERE e.account_id = $1 AND t.created_at < $2`,
      [accountId, period.start],
    )) as { total: string }[];
    // The current month has no end: every posting so far, so its closing balance is the account's.
    const rows = (await manager.query(
      `SELECT t.kind, t.created_at, sum(e.amount) AS amount, x.type, x.reference, x.description
       FROM ledger.entries e
       JOIN ledger.transfers t ON t.id = e.transfer_id
       LEFT JOIN ledger.transactions x ON x.id = t.transaction_id
       WHERE e.account_id = $1 AND t.created_at >= $2 AND ($3::timestamptz IS NULL OR t.created_at < $3::timestamptz)
       GROUP BY t.id, t.kind, t.created_at, x.type, x.reference, x.description
       HAVING sum(e.amount) <> 0
       ORDER BY t.created_at, min(e.id)`,
      [accountId, period.start, period.end],
    )) as LineRow[];
    return [BigInt(opening.total), rows];
  }

  /**
   * The customer's investments in the currency that existed by the end of the period, except
   * those cancelled before it began; a past period shows each as it stood at its end.
   */
  private async investments(manager: EntityManager, userId: string, currency: Currency, period: StatementPeriodBounds): Promise<StatementInvestment[]> {
    const rows: InvestmentRow[] = await manager.query(
      `SELECT i.id, i.investment_type, i.status, i.amount, i.funded, i.accrued, i.expected_return,
              i.start_date::text AS start_date, i.maturity_date::text AS maturity_date, i.closed_on::text AS closed_on,
              (SELECT coalesce(sum(a.amount), 0) FROM ledger.investment_accruals a WHERE a.investment_id = i.id AND a.business_date <= $4::date) AS accrued_then
       FROM ledger.investments i
       WHERE i.user_id = $1 AND i.currency = $2
         AND ($3::timestamptz IS NULL OR i.created_at < $3::timestamptz)
         AND NOT (i.status = 'cancelled' AND coalesce(i.closed_on, i.updated_at::date) < $5::date)
       ORDER BY i.created_at, i.id`,
      [userId, currency, period.end, period.to, period.from],
    );
    const current = period.end === null;
    return rows.map((row) => ({
      id: row.id,
      investmentType: row.investment_type,
      status: current ? row.status : statusAt(row, period.to),
      amount: formatMinor(row.amount),
      fundedAmount: formatMinor(row.funded),
      accruedReturn: formatMinor(current ? row.accrued : row.accrued_then),
      expectedReturnAmount: formatMinor(row.expected_return),
      maturityDate: row.maturity_date,
    }));
  }
}
