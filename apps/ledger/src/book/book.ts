import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Currency } from '@portal/contracts';

export const CUSTOMER_ACCOUNT_KINDS = ['available', 'held', 'locked', 'invested', 'returns'] as const;
export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = 'incoming_bank' | 'incoming_crypto' | 'payouts' | 'fees' | 'returns_paid' | 'security_matching';

/** The rows an UPDATE ... RETURNING gave back (TypeORM answers UPDATE with [rows, count]). */
export async function updated<T = Record<string, unknown>>(manager: EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
  const [rows] = (await manager.query(sql, parameters)) as [T[], number];
  return rows;
}

export type CustomerAccounts = Record<CustomerAccountKind, string>;

export interface Leg {
  accountId: string;
  /** Minor units; positive credits the account, negative debits it. */
  amount: bigint;
}

export interface Posting {
  kind: string;
  currency: Currency;
  transactionId?: string;
  securityDepositId?: string;
  legs: Leg[];
}

/** A customer account would have gone below zero; nothing of the posting is kept. */
export class InsufficientFunds extends Error {
  constructor(readonly accountId: string) {
    super(`account ${accountId} has too little to cover the posting`);
  }
}

/**
 * Posts transfers: entries that sum to zero, and the balances they change, inside the
 * caller's transaction. Balances are changed in ascending account id order, so two
 * postings over the same accounts always lock them in the same order (no deadlock).
 * A debit of a customer account only applies while the balance covers it; the CHECK
 * constraint on the table is the last word if anything else ever tries.
 */
@Injectable()
export class Book {
  /** Account ids never change once created: remembered per customer and currency. */
  private readonly customerAccounts = new Map<string, CustomerAccounts>();
  private readonly systemAccounts = new Map<string, string>();

  async customer(manager: EntityManager, userId: string, currency: Currency): Promise<CustomerAccounts> {
    const key = `${userId}:${currency}`;
    const known = this.customerAccounts.get(key);
    if (known) return known;
    let rows: { id: string; kind: CustomerAccountKind }[] = await manager.query(`SELECT id, kind FROM ledger.accounts WHERE user_id = $1 AND currency = $2`, [userId, currency]);
    if (rows.length < CUSTOMER_ACCOUNT_KINDS.length) {
      // Opened in kind order, so "available" always has the lowest id of the customer's accounts.
      await manager.query(
        `INSERT INTO ledger.accounts (user_id, currency, kind) SELECT $1, $2, kind FROM unnest($3::text[]) WITH ORDINALITY AS k(kind, n) ORDER BY n
         ON CONFLICT (user_id, currency, kind) WHERE user_id IS NOT NULL DO NOTHING`,
        [userId, currency, CUSTOMER_ACCOUNT_KINDS],
      );
      rows = await manager.query(`SELECT id, kind FROM ledger.accounts WHERE user_id = $1 AND currency = $2`, [userId, currency]);
    }
    const accounts = Object.fromEntries(rows.map((row) => [row.kind, String(row.id)])) as CustomerAccounts;
    this.customerAccounts.set(key, accounts);
    return accounts;
  }

  async system(manager: EntityManager, kind: SystemAccountKind, currency: Currency): Promise<string> {
    const key = `${kind}:${currency}`;
    const known = this.systemAccounts.get(key);
    if (known) return known;
    const [row] = await manager.query(`SELECT id FROM ledger.accounts WHERE user_id IS NULL AND kind = $1 AND currency = $2`, [kind, currency]);
    if (!row) throw new Error(`system account ${kind} ${currency} is missing`);
    this.systemAccounts.set(key, String(row.id));
    return String(row.id);
  }

  /** Balances of a customer's accounts in a currency (all 0 when none were opened). */
  async balances(manager: EntityManager, userId: string, currency: Currency): Promise<Record<CustomerAccountKind, bigint>> {
    const rows: { kind: CustomerAccountKind; balance: string }[] = await manager.query(`SELECT kind, balance FROM ledger.accounts WHERE user_id = $1 AND currency = $2`, [userId, currency]);
    const result = Object.fromEntries(CUSTOMER_ACCOUNT_KINDS.map((kind) => [kind, 0n])) as Record<CustomerAccountKind, bigint>;
    for (const row of rows) result[row.kind] = BigInt(row.balance);
    return result;
  }

  async post(manager: EntityManager, posting: Posting): Promise<string> {
    const sum = posting.legs.reduce((total, leg) => total + leg.amount, 0n);
    if (sum !== 0n || posting.legs.length < 2) throw new Error(`transfer ${posting.kind} does not balance`);
    const legs = [...posting.legs].sort((a, b) => (BigInt(a.accountId) < BigInt(b.accountId) ? -1 : 1));
    for (const leg of legs) {
      // System accounts (user_id IS NULL) may go negative; customer accounts only while covered.
      const rows = await updated(
        manager,
        `UPDATE ledger.accounts SET balance = balance + $2, updated_at = now() WHERE id = $1 AND (user_id IS NULL OR balance + $2 >= 0) RETURNING id`,
        [leg.accountId, leg.amount.toString()],
      );
      if (rows.length === 0) throw new InsufficientFunds(leg.accountId);
    }
    const transferId = randomUUID();
    await manager.query(
      `WITH transfer AS (
         INSERT INTO ledger.transfers (id, kind, currency, transaction_id, security_deposit_id) VALUES ($1, $2, $3, $4, $5)
       )
       INSERT INTO ledger.entries (transfer_id, account_id, amount) SELECT $1, leg.account_id, leg.amount FROM unnest($6::bigint[], $7::bigint[]) AS leg(account_id, amount)`,
      [
        transferId,
        posting.kind,
        posting.currency,
        posting.transactionId ?? null,
        posting.securityDepositId ?? null,
        legs.map((leg) => leg.accountId),
        legs.map((leg) => leg.amount.toString()),
      ],
    );
    return transferId;
  }
}
