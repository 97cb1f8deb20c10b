import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Currency } from '@portal/contracts';
import { TRANSACTION_COLUMNS, TransactionRow } from './transaction-views';

/** The reads of customer transactions and what gates them; the book (book/) writes. */
@Injectable()
export class TransactionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Available balances in the customer's other currencies, as they are (there are no exchange rates). */
  otherCurrencies(userId: string, currency: Currency): Promise<{ currency: string; available: string }[]> {
    return this.dataSource.query(
      `SELECT currency, coalesce(sum(balance) FILTER (WHERE kind = 'available'), 0) AS available
       FROM ledger.accounts WHERE user_id = $1 AND currency <> $2
       GROUP BY currency HAVING bool_or(balance <> 0) ORDER BY currency`,
      [userId, currency],
    );
  }

  async totals(userId: string, currency: Currency): Promise<{ deposits: string; withdrawals: string; pending: string }> {
    const [totals] = await this.dataSource.query(
      `SELECT coalesce(sum(amount) FILTER (WHERE type = 'deposit' AND status = 'completed'), 0) AS deposits,
              coalesce(sum(amount) FILTER (WHERE type = 'withdrawal' AND status = 'completed'), 0) AS withdrawals,
              count(*) FILTER (WHERE status IN ('pending', 'processing')) AS pending
       FROM ledger.transactions WHERE user_id = $1 AND currency = $2`,
      [userId, currency],
    );
    return totals;
  }

  /**
   * The deposit gate (spec 02 §5, read as DESIGN.md departs from it): allowed with no
   * application, with an approved latest one, or while any approved investment awaits its
   * money or earns, so a second application in review does not stop the first being funded.
   */
  async depositsAllowed(manager: EntityManager, userId: string): Promise<boolean> {
    const [row] = (await manager.query(
      `SELECT (SELECT status FROM ledger.application_gate WHERE user_id = $1) AS latest,
              EXISTS (SELECT 1 FROM ledger.investments WHERE user_id = $1 AND status IN ('awaiting_funding', 'active')) AS holding`,
      [userId],
    )) as { latest: string | null; holding: boolean }[];
    return row.latest === null || row.latest === 'approved' || row.holding;
  }

  /** The customer's KYC status as kyc's events told the ledger (undefined before any). */
  async kycStatus(userId: string): Promise<string | undefined> {
    const [gate] = await this.dataSource.query(`SELECT kyc_status FROM ledger.kyc_gate WHERE user_id = $1`, [userId]);
    return gate?.kyc_status;
  }

  async find(id: string): Promise<TransactionRow | undefined> {
    const [row] = await this.dataSource.query(`SELECT ${TRANSACTION_COLUMNS} FROM ledger.transactions WHERE id = $1`, [id]);
    return row;
  }

  /** The transaction locked for the caller's decision on it. */
  async findForDecision(manager: EntityManager, id: string): Promise<TransactionRow | undefined> {
    const [row] = await manager.query(`SELECT ${TRANSACTION_COLUMNS} FROM ledger.transactions WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }
}
