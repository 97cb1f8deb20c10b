import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { Currency, LedgerEvents } from '@portal/contracts';
import { Book } from './book';

/**
 * The investment day's postings, set-based (InvestmentDay decides the business date, the
 * clock's time, the currencies, whether anything is due and what follows a payout). Each
 * posting stays one statement with the investment rows it is made for, as the bench's
 * floor measures it (issue 28): the accrual rows keyed by (investment, day) and the
 * `matured` status are what keep a rerun from posting twice, so they are written with it.
 */

/** Minor units as the wire's decimal string, in SQL (non-negative amounts). */
const decimal = (column: string) => `((${column}) / 100)::text || '.' || lpad(((${column}) % 100)::text, 2, '0')`;

/**
 * Each not yet accrued day before the business date (and before maturity) of the currency's
 * active investments, as one `return_accrual` transfer (returns_paid → each customer's
 * returns account) dated `at`. Answers the number of investment days accrued.
 */
export async function postAccruals(manager: EntityManager, book: Book, work: { businessDate: string; currency: Currency; at: Date }): Promise<number> {
  const { businessDate, currency, at } = work;
  const transferId = randomUUID();
  await manager.query(`INSERT INTO ledger.transfers (id, kind, currency, created_at) VALUES ($1, 'return_accrual', $2, $3)`, [transferId, currency, at]);
  const [{ days }] = (await manager.query(
    `WITH due AS (
       SELECT i.id, i.user_id, d::date AS day,
              CASE WHEN d::date = i.maturity_date - 1
                   THEN i.expected_return - (i.expected_return / (i.maturity_date - i.start_date)) * (i.maturity_date - i.start_date - 1)
                   ELSE i.expected_return / (i.maturity_date - i.start_date) END AS amount
       FROM ledger.investments i
       CROSS JOIN LATERAL generate_series(coalesce(i.accrued_through + 1, i.start_date), least($1::date, i.maturity_date) - 1, interval '1 day') AS d
       WHERE i.status = 'active' AND i.currency = $2 AND coalesce(i.accrued_through + 1, i.start_date) < least($1::date, i.maturity_date)
     ),
     accruals AS (
       INSERT INTO ledger.investment_accruals (investment_id, business_date, amount, transfer_id)
       SELECT id, day, amount, $3 FROM due ON CONFLICT DO NOTHING RETURNING investment_id, business_date, amount
     ),
     per_investment AS (SELECT investment_id, sum(amount) AS total, max(business_date) AS through, count(*) AS days FROM accruals GROUP BY investment_id),
     moved AS (
       UPDATE ledger.investments i SET accrued = i.accrued + p.total, accrued_through = p.through, updated_at = now()
       FROM per_investment p WHERE i.id = p.investment_id RETURNING i.user_id, p.total
     ),
     entries AS (
       INSERT INTO ledger.entries (transfer_id, account_id, amount)
       SELECT $3, a.id, sum(m.total) FROM moved m JOIN ledger.accounts a ON a.user_id = m.user_id AND a.currency = $2 AND a.kind = 'returns'
       GROUP BY a.id HAVING sum(m.total) <> 0
     )
     SELECT coalesce(sum(days), 0)::int AS days FROM per_investment`,
    [businessDate, currency, transferId],
  )) as { days: number }[];
  const returnsPaid = await book.system(manager, 'returns_paid', currency);
  await manager.query(
    `INSERT INTO ledger.entries (transfer_id, account_id, amount) SELECT $1, $2, -sum(amount) FROM ledger.entries WHERE transfer_id = $1 HAVING sum(amount) <> 0`,
    [transferId, returnsPaid],
  );
  await applyBalances(manager, [transferId]);
  return days;
}

/**
 * Investments whose maturity date has come: matured, principal and accrued return to the
 * available balance (a `return` transaction, RET-…), the fee charged from it (`fee`, FEE-…),
 * and `ledger.investment.matured.v1` in the outbox, all dated `at`. Answers the ids of the
 * investments paid out.
 */
export async function postMaturityPayouts(manager: EntityManager, work: { businessDate: string; at: Date }): Promise<string[]> {
  const transfers = (await manager.query(
    `WITH matured AS (
       UPDATE ledger.investments SET status = 'matured', closed_on = $1, updated_at = now()
       WHERE status = 'active' AND maturity_date <= $1
       RETURNING id, user_id, currency, investment_type, amount, accrued, fee, start_date, maturity_date, duration_months
     ),
     due AS (
       SELECT m.*, gen_random_uuid() AS return_txn, gen_random_uuid() AS return_transfer, gen_random_uuid() AS fee_txn, gen_random_uuid() AS fee_transfer,
              available.id AS available, invested.id AS invested, returns.id AS returns, fees.id AS fees,
              CASE m.investment_type WHEN 'personal' THEN 'Personal' WHEN 'corporate' THEN 'Corporate' ELSE 'GIPP' END AS label,
              -- Unique by construction: one return and at most one fee per investment.
              upper(replace(m.id::text, '-', '')) AS tail
       FROM matured m
       JOIN ledger.accounts available ON available.user_id = m.user_id AND available.currency = m.currency AND available.kind = 'available'
       JOIN ledger.accounts invested ON invested.user_id = m.user_id AND invested.currency = m.currency AND invested.kind = 'invested'
       JOIN ledger.accounts returns ON returns.user_id = m.user_id AND returns.currency = m.currency AND returns.kind = 'returns'
       JOIN ledger.accounts fees ON fees.user_id IS NULL AND fees.currency = m.currency AND fees.kind = 'fees'
     ),
     transactions AS (
       INSERT INTO ledger.transactions (id, user_id, type, status, amount, currency, method, reference, description, details, investment_id, created_at, updated_at)
       SELECT return_txn, user_id, 'return', 'completed', amount + accrued, currency, 'balance', 'RET-' || tail,
              label || ' investment matured: principal ' || ${decimal('amount')} || ' and return ' || ${decimal('accrued')} || ' ' || currency,
              jsonb_build_object('investmentId', id, 'investmentType', investment_type, 'principal', ${decimal('amount')}, 'return', ${decimal('accrued')}), id, $2::timestamptz, $2::timestamptz
       FROM due
       UNION ALL
       SELECT fee_txn, user_id, 'fee', 'completed', fee, currency, 'balance', 'FEE-' || tail,
              'Platform fee of ' || label || ' investment: ' || ${decimal('fee')} || ' ' || currency,
              jsonb_build_object('investmentId', id, 'investmentType', investment_type), id, $2::timestamptz, $2::timestamptz
       FROM due WHERE fee > 0
     ),
     transfers AS (
       INSERT INTO ledger.transfers (id, kind, currency, transaction_id, created_at)
       SELECT return_transfer, 'investment_payout', currency, return_txn, $2::timestamptz FROM due
       UNION ALL SELECT fee_transfer, 'investment_fee', currency, fee_txn, $2::timestamptz FROM due WHERE fee > 0
     ),
     entries AS (
       INSERT INTO ledger.entries (transfer_id, account_id, amount)
       SELECT return_transfer, invested, -amount FROM due
       UNION ALL SELECT return_transfer, returns, -accrued FROM due WHERE accrued > 0
       UNION ALL SELECT return_transfer, available, amount + accrued FROM due
       UNION ALL SELECT fee_transfer, available, -fee FROM due WHERE fee > 0
       UNION ALL SELECT fee_transfer, fees, fee FROM due WHERE fee > 0
     ),
     events AS (
       INSERT INTO ledger.outbox_events (id, subject, payload)
       SELECT gen_random_uuid(), $3, jsonb_build_object(
         'investmentId', id, 'userId', user_id, 'investmentType', investment_type, 'status', 'matured',
         'amount', ${decimal('amount')}, 'currency', currency, 'returnAmount', ${decimal('accrued')}, 'feeAmount', ${decimal('fee')},
         'paidOut', ${decimal('amount + accrued - fee')}, 'startDate', to_char(start_date, 'YYYY-MM-DD'), 'maturityDate', to_char(maturity_date, 'YYYY-MM-DD'),
         'durationMonths', duration_months, 'occurredAt', to_char($2::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
       FROM due
     )
     SELECT return_transfer AS id, id AS investment_id FROM due UNION ALL SELECT fee_transfer, NULL FROM due WHERE fee > 0`,
    [work.businessDate, work.at, LedgerEvents.investmentMatured.subject],
  )) as { id: string; investment_id: string | null }[];
  if (transfers.length === 0) return [];
  await applyBalances(
    manager,
    transfers.map((row) => row.id),
  );
  return transfers.flatMap((row) => (row.investment_id ? [row.investment_id] : []));
}

/**
 * Moves the balances of the accounts these transfers' entries touch, locking the accounts
 * first in ascending id order as every other posting does (no deadlock with them). The
 * locked rows carry their totals into the update by primary key: the entries were written
 * in this transaction, so the planner knows nothing of their number and an IN (locked)
 * test would be rescanned per account (quadratic at 100,000 accounts).
 */
async function applyBalances(manager: EntityManager, transferIds: string[]): Promise<void> {
  await manager.query(
    `WITH moves AS (SELECT account_id, sum(amount) AS total FROM ledger.entries WHERE transfer_id = ANY($1::uuid[]) GROUP BY account_id),
     locked AS (SELECT a.id, moves.total FROM ledger.accounts a JOIN moves ON moves.account_id = a.id ORDER BY a.id FOR UPDATE OF a)
     UPDATE ledger.accounts a SET balance = a.balance + locked.total, updated_at = now()
     FROM locked WHERE a.id = locked.id`,
    [transferIds],
  );
}
