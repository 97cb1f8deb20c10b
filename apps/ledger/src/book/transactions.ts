import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { TRANSACTION_COLUMNS, TransactionRow } from '../transactions/transaction-views';
import { TransactionInsert, transactionValues, updated } from './book';

/** A customer transaction as a use case asks for it; id and timestamps are the table's. */
export interface NewTransaction extends Omit<TransactionInsert, 'id' | 'at' | 'type' | 'status' | 'method'> {
  type: TransactionRow['type'];
  status: TransactionRow['status'];
  method: TransactionRow['method'];
  investmentId?: string;
  /** When it happened by the ledger's clock (created_at and updated_at): the business date a customer sees, never the database's now(). */
  at: Date;
}

/** Writes a customer transaction (ledger.transactions) in the caller's transaction. */
export async function insertTransaction(manager: EntityManager, transaction: NewTransaction): Promise<TransactionRow> {
  const [row] = await manager.query(
    `INSERT INTO ledger.transactions (id, user_id, type, status, amount, currency, method, reference, description, details, investment_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, $12::timestamptz) RETURNING ${TRANSACTION_COLUMNS}`,
    [randomUUID(), ...transactionValues(transaction), transaction.investmentId ?? null, transaction.at],
  );
  return row;
}

/** The admin's decision on a transaction: completed, or failed with the reason the customer is told. */
export async function recordDecision(manager: EntityManager, transactionId: string, decision: { approve: boolean; reason: string | null; decidedBy: string; at: Date }): Promise<TransactionRow> {
  const [decided] = await updated<TransactionRow>(
    manager,
    `UPDATE ledger.transactions SET status = $2, reason = $3, decided_by = $4, updated_at = $5 WHERE id = $1 RETURNING ${TRANSACTION_COLUMNS}`,
    [transactionId, decision.approve ? 'completed' : 'failed', decision.approve ? null : decision.reason, decision.decidedBy, decision.at],
  );
  return decided;
}
