import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { EntityManager } from 'typeorm';
import { Clock } from '@portal/config';
import { Currency, EventDefinition } from '@portal/contracts';
import { currentRequestId } from '@portal/logging';
import { outboxPayload } from '@portal/messaging';

export const CUSTOMER_ACCOUNT_KINDS = ['available', 'held', 'locked', 'invested', 'returns'] as const;
export type CustomerAccountKind = (typeof CUSTOMER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = 'incoming_bank' | 'incoming_crypto' | 'payouts' | 'fees' | 'returns_paid' | 'security_matching';

/** The rows an UPDATE ... RETURNING gave back (TypeORM answers UPDATE with [rows, count]). */
export async function updated<T = Record<string, unknown>>(manager: EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
  const [rows] = (await manager.query(sql, parameters)) as [T[], number];
  return rows;
}

export type CustomerAccounts = Record<CustomerAccountKind, string>;

/** Customers whose account ids are kept in memory: the busy ones, not every customer the ledger ever met. */
const CUSTOMER_ACCOUNTS_KEPT = 50_000;

export interface Leg {
  accountId: string;
  /** Minor units; positive credits the account, negative debits it. */
  amount: bigint;
}

/** The two legs of moving an amount from one account to another. */
export function transfer(fromAccountId: string, toAccountId: string, amount: bigint): Leg[] {
  return [
    { accountId: fromAccountId, amount: -amount },
    { accountId: toAccountId, amount },
  ];
}

/**
 * postAtomically's one statement (the parameters are listed there). Exported for the
 * bench's posting floor, which runs exactly this SQL without the service around it.
 */
export const ATOMIC_POSTING_SQL = `WITH legs AS (SELECT * FROM unnest($1::bigint[], $2::bigint[]) AS leg(id, amount)),
         locked AS (SELECT a.id FROM ledger.accounts a WHERE a.id IN (SELECT id FROM legs) ORDER BY a.id FOR UPDATE),
         moved AS (
           UPDATE ledger.accounts a SET balance = a.balance + legs.amount, updated_at = now()
           FROM legs WHERE a.id = legs.id AND a.id IN (SELECT id FROM locked) RETURNING a.id
         ),
         txn AS (
           INSERT INTO ledger.transactions (id, user_id, type, status, amount, currency, method, reference, description, details, created_at, updated_at)
           VALUES ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
         ),
         transfer AS (INSERT INTO ledger.transfers (id, kind, currency, transaction_id, created_at) VALUES ($14, $15, $8, $3, $13)),
         entries AS (INSERT INTO ledger.entries (transfer_id, account_id, amount) SELECT $14, id, amount FROM legs),
         outbox AS (
           INSERT INTO ledger.outbox_events (id, subject, payload, request_id)
           SELECT id, subject, payload, request_id FROM unnest($16::uuid[], $17::text[], $18::jsonb[], $19::text[]) WITH ORDINALITY AS e(id, subject, payload, request_id, n) ORDER BY n
         ),
         idempotency AS (
           INSERT INTO ledger.idempotency_keys (user_id, key, operation, request_hash, response)
           SELECT $20::uuid, $21::varchar, $22::varchar, $23::char(64), $24::jsonb WHERE $21::varchar IS NOT NULL
         )
         SELECT count(*) AS moved FROM moved`;

export interface Posting {
  kind: string;
  currency: Currency;
  transactionId?: string;
  securityDepositId?: string;
  legs: Leg[];
}

/** An event for the outbox, shaped as addToOutbox writes it, for a posting made in one statement. */
export interface OutboxRow {
  id: string;
  subject: string;
  payload: object;
  requestId: string | null;
}

export function outboxRow<P extends object>(event: EventDefinition<P>, payload: NoInfer<P>): OutboxRow {
  return { id: randomUUID(), subject: event.subject, payload: outboxPayload(payload), requestId: currentRequestId() ?? null };
}

/** A new customer transaction with every value known before it is written (its reply can be stored with it). */
export interface TransactionInsert {
  id: string;
  userId: string;
  type: string;
  status: string;
  amount: bigint;
  currency: Currency;
  method: string;
  reference: string;
  description: string;
  details: Record<string, string>;
  at: Date;
}

/** A transaction's values from user_id to details, in the column order both inserts of ledger.transactions use. */
export function transactionValues(t: Omit<TransactionInsert, 'id' | 'at'>): string[] {
  return [t.userId, t.type, t.status, t.amount.toString(), t.currency, t.method, t.reference, t.description, JSON.stringify(t.details)];
}

export interface IdempotencyInsert {
  userId: string;
  key: string;
  operation: string;
  hash: string;
  response: unknown;
}

const NOT_NEGATIVE = 'ck_accounts_customer_not_negative';

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
  // Postings are dated by the business clock (CLOCK_OFFSET_DAYS outside production), as statements read them.
  constructor(private readonly clock: Clock) {}

  /**
   * Account ids never change once created: remembered per customer and currency, for the
   * customers seen most recently (bounded: a long-lived ledger meets every customer).
   */
  private readonly customerAccounts = new LRUCache<string, CustomerAccounts>({ max: CUSTOMER_ACCOUNTS_KEPT });
  private readonly systemAccounts = new Map<string, string>();

  async customer(manager: EntityManager, userId: string, currency: Currency): Promise<CustomerAccounts> {
    const key = `${userId}:${currency}`;
    const known = this.customerAccounts.get(key);
    if (known) return known;
    // "committed": the caller's transaction has written nothing yet (no transaction id, not
    // even in a savepoint), so no row it sees can be its own uncommitted one.
    const find = (): Promise<{ id: string; kind: CustomerAccountKind; committed: boolean }[]> =>
      manager.query(`SELECT id, kind, pg_current_xact_id_if_assigned() IS NULL AS committed FROM ledger.accounts WHERE user_id = $1 AND currency = $2`, [userId, currency]);
    let rows = await find();
    let opened = false;
    if (rows.length < CUSTOMER_ACCOUNT_KINDS.length) {
      // Opened in kind order, so "available" always has the lowest id of the customer's accounts.
      await manager.query(
        `INSERT INTO ledger.accounts (user_id, currency, kind) SELECT $1, $2, kind FROM unnest($3::text[]) WITH ORDINALITY AS k(kind, n) ORDER BY n
         ON CONFLICT (user_id, currency, kind) WHERE user_id IS NOT NULL DO NOTHING`,
        [userId, currency, CUSTOMER_ACCOUNT_KINDS],
      );
      rows = await find();
      opened = true;
    }
    const accounts = Object.fromEntries(rows.map((row) => [row.kind, String(row.id)])) as CustomerAccounts;
    // Remembered only when certainly committed. Accounts opened by a transaction that is
    // then rolled back (a refused first payment in a new currency) never existed, and their
    // ids must not reach the next posting; they are remembered on a later call instead.
    if (!opened && rows.every((row) => row.committed)) this.customerAccounts.set(key, accounts);
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

  /**
   * The hot path (a withdrawal's hold): the transaction row, the balances, the transfer
   * and its entries, the outbox events and the idempotency key in ONE statement, so one
   * round trip to PostgreSQL and atomic on its own. The account rows are locked first, in
   * ascending id order (FOR UPDATE under ORDER BY), before any of them is changed; a
   * customer balance that would go negative breaks the CHECK and nothing is kept.
   */
  async postAtomically(
    manager: EntityManager,
    work: { transaction: TransactionInsert; posting: Posting; outbox: OutboxRow[]; idempotency?: IdempotencyInsert },
  ): Promise<void> {
    const { transaction: t, posting, outbox, idempotency } = work;
    if (posting.legs.reduce((total, leg) => total + leg.amount, 0n) !== 0n) throw new Error(`transfer ${posting.kind} does not balance`);
    const transferId = randomUUID();
    try {
      await manager.query(
        ATOMIC_POSTING_SQL,
        [
          posting.legs.map((leg) => leg.accountId),
          posting.legs.map((leg) => leg.amount.toString()),
          t.id,
          ...transactionValues(t),
          t.at,
          transferId,
          posting.kind,
          outbox.map((row) => row.id),
          outbox.map((row) => row.subject),
          outbox.map((row) => JSON.stringify(row.payload)),
          outbox.map((row) => row.requestId),
          idempotency?.userId ?? null,
          idempotency?.key ?? null,
          idempotency?.operation ?? null,
          idempotency?.hash ?? null,
          idempotency ? JSON.stringify(idempotency.response) : null,
        ],
      );
    } catch (error) {
      if ((error as { constraint?: string }).constraint === NOT_NEGATIVE) throw new InsufficientFunds(String(posting.legs.find((leg) => leg.amount < 0n)?.accountId));
      throw error;
    }
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
         INSERT INTO ledger.transfers (id, kind, currency, transaction_id, security_deposit_id, created_at) VALUES ($1, $2, $3, $4, $5, $8)
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
        this.clock.now(),
      ],
    );
    return transferId;
  }
}
