import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '@portal/config';
import {
  Actor,
  CreateSecurityDepositPayload,
  Currency,
  DEFAULT_LOCK_REASON,
  LedgerEvents,
  MATURITY_UNLOCK_REASON,
  RELOCK_REASON,
  RequestMeta,
  SecurityDepositEvent,
  SecurityDepositList,
  SecurityDepositView,
  SetSecurityDepositLockPayload,
  UNLOCK_REASON,
} from '@portal/contracts';
import { addToOutbox, fieldRefusal, PlatformSettings, ServiceCallError, ServiceError } from '@portal/messaging';
import { recordAdminAction, requireMoneyAdmin, sanitise } from '../book/access';
import { Book, InsufficientFunds, updated } from '../book/book';
import { once } from '../book/idempotency';
import { formatMinor, toMinor } from '../book/money';
import { TransactionQueries } from '../transactions/transaction-queries.service';

interface SecurityDepositRow {
  id: string;
  user_id: string;
  amount: string;
  currency: Currency;
  status: 'locked' | 'unlocked';
  lock_reason: string | null;
  investment_id: string | null;
  created_at: Date;
  updated_at: Date;
}

function view(row: SecurityDepositRow): SecurityDepositView {
  return {
    id: row.id,
    userId: row.user_id,
    amount: formatMinor(row.amount),
    currency: row.currency.trim() as Currency,
    status: row.status,
    lockReason: row.lock_reason,
    investmentId: row.investment_id,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function event(row: SecurityDepositRow): SecurityDepositEvent {
  return {
    securityDepositId: row.id,
    userId: row.user_id,
    amount: formatMinor(row.amount),
    currency: row.currency.trim() as Currency,
    locked: row.status === 'locked',
    lockReason: row.lock_reason,
    occurredAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Investment Protection. A security deposit is matched by the provider: creating one moves
 * the amount from the platform's matching account into the customer's locked balance;
 * an emergency unlock releases it to available, and re-locking takes it back from there.
 */
@Injectable()
export class SecurityDeposits {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly settings: PlatformSettings,
    private readonly queries: TransactionQueries,
    private readonly clock: Clock,
  ) {}

  private async list(manager: EntityManager, userId: string | null): Promise<SecurityDepositList> {
    const rows: SecurityDepositRow[] = await manager.query(
      `SELECT * FROM ledger.security_deposits ${userId ? 'WHERE user_id = $1' : ''} ORDER BY created_at DESC LIMIT 500`,
      userId ? [userId] : [],
    );
    const locked = new Map<string, bigint>();
    for (const row of rows.filter((row) => row.status === 'locked')) locked.set(row.currency.trim(), (locked.get(row.currency.trim()) ?? 0n) + BigInt(row.amount));
    return {
      items: rows.map(view),
      totalLocked: (locked.size ? [...locked] : [['USD', 0n] as const]).map(([currency, amount]) => ({ currency: currency as Currency, amount: formatMinor(amount) })),
      activeDeposits: rows.filter((row) => row.status === 'locked').length,
    };
  }

  listOwn(actor: Actor): Promise<SecurityDepositList> {
    return this.list(this.dataSource.manager, actor.userId);
  }

  async listAll(actor: Actor, meta: RequestMeta): Promise<SecurityDepositList> {
    requireMoneyAdmin(actor, this.settings);
    const list = await this.list(this.dataSource.manager, null);
    const clients = await this.queries.clients(meta, [...new Set(list.items.map((item) => item.userId))]);
    return { ...list, items: list.items.map((item) => ({ ...item, client: clients.get(item.userId) ?? null })) };
  }

  async create(actor: Actor, meta: RequestMeta, payload: CreateSecurityDepositPayload): Promise<SecurityDepositView> {
    requireMoneyAdmin(actor, this.settings);
    const currency = payload.currency ?? 'USD';
    const amount = toMinor(payload.amount);
    const lockReason = sanitise(payload.lockReason) || DEFAULT_LOCK_REASON;
    const userId = await this.customerId(meta, payload);
    return this.dataSource.transaction(async (manager) =>
      once(manager, actor.userId, payload.idempotencyKey, 'security_deposit', payload, async () => {
        if (payload.investmentId) await this.requireSecurable(manager, userId, payload.investmentId, currency);
        const [row]: SecurityDepositRow[] = await manager.query(
          `INSERT INTO ledger.security_deposits (id, user_id, amount, currency, status, lock_reason, created_by, investment_id, created_at, updated_at) VALUES ($1, $2, $3, $4, 'locked', $5, $6, $7, $8, $8) RETURNING *`,
          [randomUUID(), userId, amount.toString(), currency, lockReason, actor.userId, payload.investmentId ?? null, this.clock.now()],
        );
        const accounts = await this.book.customer(manager, userId, currency);
        const matching = await this.book.system(manager, 'security_matching', currency);
        await this.book.post(manager, { kind: 'security_deposit_lock', currency, securityDepositId: row.id, legs: [{ accountId: matching, amount: -amount }, { accountId: accounts.locked, amount }] });
        await addToOutbox(manager, LedgerEvents.securityDepositCreated, event(row));
        await recordAdminAction(manager, meta, {
          actionType: 'security_deposit_created',
          targetType: 'security_deposit',
          targetId: row.id,
          description: `Created a security deposit of ${formatMinor(amount)} ${currency}`,
          metadata: { userId, amount: formatMinor(amount), currency, lockReason },
        });
        return view(row);
      }),
    );
  }

  /** A deposit secures one of the customer's own investments, in its currency, that has not ended yet. */
  private async requireSecurable(manager: EntityManager, userId: string, investmentId: string, currency: Currency): Promise<void> {
    const [investment] = (await manager.query(`SELECT user_id, currency, status FROM ledger.investments WHERE id = $1 FOR SHARE`, [investmentId])) as { user_id: string; currency: string; status: string }[];
    if (!investment || investment.user_id !== userId) throw ServiceError.of(404, 'investment_not_found');
    if (!['awaiting_funding', 'active'].includes(investment.status)) throw ServiceError.of(409, 'investment_ended');
    if (investment.currency.trim() !== currency) {
      const params = { currency: investment.currency.trim() };
      throw ServiceError.of(400, 'currency_of_investment', { params, details: [fieldRefusal('currency', 'currency_of_investment', params)] });
    }
  }

  /**
   * Releases to the available balance the locked deposits securing these investments, which
   * matured in the caller's transaction (the daily run); announced like an admin's unlock.
   */
  async unlockForMatured(manager: EntityManager, investmentIds: string[]): Promise<number> {
    if (investmentIds.length === 0) return 0;
    const rows: SecurityDepositRow[] = await manager.query(
      `SELECT * FROM ledger.security_deposits WHERE investment_id = ANY($1::uuid[]) AND status = 'locked' ORDER BY id FOR UPDATE`,
      [investmentIds],
    );
    for (const current of rows) {
      const currency = current.currency.trim() as Currency;
      const amount = BigInt(current.amount);
      const accounts = await this.book.customer(manager, current.user_id, currency);
      await this.book.post(manager, {
        kind: 'security_deposit_unlock',
        currency,
        securityDepositId: current.id,
        legs: [
          { accountId: accounts.locked, amount: -amount },
          { accountId: accounts.available, amount },
        ],
      });
      const [row] = await updated<SecurityDepositRow>(manager, `UPDATE ledger.security_deposits SET status = 'unlocked', lock_reason = $2, updated_at = now() WHERE id = $1 RETURNING *`, [
        current.id,
        MATURITY_UNLOCK_REASON,
      ]);
      await addToOutbox(manager, LedgerEvents.securityDepositUnlocked, event(row));
    }
    return rows.length;
  }

  /** The customer must exist: identity, their owner, is asked (a down identity refuses rather than guesses). */
  private async customerId(meta: RequestMeta, payload: CreateSecurityDepositPayload): Promise<string> {
    // Identity refusing the question (a malformed email, say) means no such customer; only
    // identity not answering is an outage.
    const unavailable = (error: unknown) => {
      if (error instanceof ServiceCallError && error.body.statusCode < 500) throw ServiceError.of(404, 'customer_not_found');
      throw ServiceError.of(503, 'customer_directory_unavailable');
    };
    let candidates = payload.userId ? [payload.userId] : [];
    const email = payload.email?.toLowerCase();
    if (!payload.userId && email) candidates = (await this.queries.findUserIds(meta, email).catch(unavailable)).userIds.slice(0, 500);
    if (candidates.length === 0) throw ServiceError.of(404, 'customer_not_found');
    const { users } = await this.queries.lookupUsers(meta, candidates).catch(unavailable);
    const customer = users.find((user) => user.userType === 'customer' && (payload.userId ? user.id === payload.userId : user.email.toLowerCase() === email));
    if (!customer) throw ServiceError.of(404, 'customer_not_found');
    return customer.id;
  }

  async setLock(actor: Actor, meta: RequestMeta, payload: SetSecurityDepositLockPayload): Promise<SecurityDepositView> {
    requireMoneyAdmin(actor, this.settings);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [current]: SecurityDepositRow[] = await manager.query(`SELECT * FROM ledger.security_deposits WHERE id = $1 FOR UPDATE`, [payload.id]);
        if (!current) throw ServiceError.of(404, 'security_deposit_not_found');
        if ((current.status === 'locked') === payload.locked) throw ServiceError.of(409, 'security_deposit_unchanged', { params: { status: current.status } });
        const currency = current.currency.trim() as Currency;
        const amount = BigInt(current.amount);
        const accounts = await this.book.customer(manager, current.user_id, currency);
        await this.book.post(manager, {
          kind: payload.locked ? 'security_deposit_relock' : 'security_deposit_unlock',
          currency,
          securityDepositId: current.id,
          legs: payload.locked
            ? [{ accountId: accounts.available, amount: -amount }, { accountId: accounts.locked, amount }]
            : [{ accountId: accounts.locked, amount: -amount }, { accountId: accounts.available, amount }],
        });
        const [row] = await updated<SecurityDepositRow>(
          manager,
          `UPDATE ledger.security_deposits SET status = $2, lock_reason = $3, updated_at = now() WHERE id = $1 RETURNING *`,
          [current.id, payload.locked ? 'locked' : 'unlocked', payload.locked ? RELOCK_REASON : UNLOCK_REASON],
        );
        await addToOutbox(manager, payload.locked ? LedgerEvents.securityDepositLocked : LedgerEvents.securityDepositUnlocked, event(row));
        await recordAdminAction(manager, meta, {
          actionType: payload.locked ? 'security_deposit_locked' : 'security_deposit_unlocked',
          targetType: 'security_deposit',
          targetId: row.id,
          description: `${payload.locked ? 'Re-locked' : 'Unlocked'} a security deposit of ${formatMinor(amount)} ${currency}`,
          metadata: { userId: row.user_id, amount: formatMinor(amount), currency, lockReason: row.lock_reason },
        });
        return view(row);
      });
    } catch (error) {
      if (error instanceof InsufficientFunds) throw ServiceError.of(409, 'relock_insufficient_balance');
      throw error;
    }
  }
}
