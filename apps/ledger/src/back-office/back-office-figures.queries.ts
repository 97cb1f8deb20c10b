import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReportWindowPayload, TransactionStatus, TransactionType } from '@portal/contracts';
import { TRANSACTION_COLUMNS, TransactionRow } from '../transactions/transaction-views';

/** An amount in minor units by currency, as PostgreSQL answers it (numeric as text, currency padded). */
export interface CurrencyAmount {
  currency: string;
  amount: string;
}

/** The SQL behind the ledger's figures: the book's accounts and entries, transactions and security deposits, read only. */
@Injectable()
export class BackOfficeFiguresQueries {
  constructor(private readonly dataSource: DataSource) {}

  /** What the overview shows now: locked security deposits, the invested/returns/fees balances, the five latest transactions. */
  async overview(): Promise<{
    locked: (CurrencyAmount & { count: string })[];
    balances: { currency: string; invested: string; returns: string; fees: string }[];
    latest: TransactionRow[];
  }> {
    const [locked, balances, latest] = await Promise.all([
      this.dataSource.query(`SELECT currency, sum(amount) AS amount, count(*) AS count FROM ledger.security_deposits WHERE status = 'locked' GROUP BY currency`),
      // Invested: what customers' invested accounts hold. Returns paid come out of the
      // returns_paid account and fees go into the fees account (system accounts carry the
      // opposite sign of the customer side).
      this.dataSource.query(
        `SELECT currency,
                coalesce(sum(balance) FILTER (WHERE user_id IS NOT NULL AND kind = 'invested'), 0) AS invested,
                coalesce(-sum(balance) FILTER (WHERE user_id IS NULL AND kind = 'returns_paid'), 0) AS returns,
                coalesce(sum(balance) FILTER (WHERE user_id IS NULL AND kind = 'fees'), 0) AS fees
           FROM ledger.accounts WHERE kind IN ('invested', 'returns_paid', 'fees') GROUP BY currency`,
      ),
      this.dataSource.query(`SELECT ${TRANSACTION_COLUMNS} FROM ledger.transactions ORDER BY created_at DESC, id DESC LIMIT 5`),
    ]);
    return { locked, balances, latest };
  }

  /** Transactions in [from, to) by type, status and currency and per day, and the fees posted in it. */
  async activity({ from, to }: ReportWindowPayload): Promise<{
    volumes: (CurrencyAmount & { type: TransactionType; status: TransactionStatus; count: string })[];
    fees: CurrencyAmount[];
    perDay: { date: string; currency: string; deposits: string; withdrawals: string; investments: string; count: string }[];
  }> {
    const parameters = [from, to];
    const window = `created_at >= $1::timestamptz AND created_at < $2::timestamptz`;
    const [volumes, fees, perDay] = await Promise.all([
      this.dataSource.query(
        `SELECT type, status, currency, count(*) AS count, sum(amount) AS amount FROM ledger.transactions WHERE ${window} GROUP BY type, status, currency ORDER BY type, status, currency`,
        parameters,
      ),
      // The fees actually posted in the window: entries on the platform's fee accounts.
      this.dataSource.query(
        `SELECT a.currency, sum(e.amount) AS amount
           FROM ledger.entries e JOIN ledger.transfers t ON t.id = e.transfer_id JOIN ledger.accounts a ON a.id = e.account_id
          WHERE a.user_id IS NULL AND a.kind = 'fees' AND t.created_at >= $1::timestamptz AND t.created_at < $2::timestamptz
          GROUP BY a.currency`,
        parameters,
      ),
      this.dataSource.query(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, currency,
                coalesce(sum(amount) FILTER (WHERE type = 'deposit'), 0) AS deposits,
                coalesce(sum(amount) FILTER (WHERE type = 'withdrawal'), 0) AS withdrawals,
                coalesce(sum(amount) FILTER (WHERE type = 'investment'), 0) AS investments,
                count(*) AS count
           FROM ledger.transactions WHERE ${window} GROUP BY 1, 2 ORDER BY 1, 2`,
        parameters,
      ),
    ]);
    return { volumes, fees, perDay };
  }
}
