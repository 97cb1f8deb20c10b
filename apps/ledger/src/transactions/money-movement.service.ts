import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  Actor,
  BalanceView,
  Currency,
  DecideTransactionPayload,
  DEFAULT_MINIMUM_WITHDRAWAL,
  LEDGER_MESSAGES,
  REJECTION_REASON_MESSAGE,
  LedgerEvents,
  PayInvestmentPayload,
  RequestDepositPayload,
  RequestMeta,
  RequestWithdrawalPayload,
  resolveMinimumWithdrawal,
  TransactionSummary,
  TransactionView,
} from '@portal/contracts';
import { addToOutbox, adminRoleAllowsNow, PlatformSettings, ServiceError } from '@portal/messaging';
import { recordAdminAction, requireCustomer, requireMoneyAdmin, sanitise } from '../book/access';
import { Book, InsufficientFunds, outboxRow, updated } from '../book/book';
import { firstReply, keyTaken, once, requestHash } from '../book/idempotency';
import { formatMinor, toMinor } from '../book/money';
import { InvestmentFunding } from '../investments/investment-funding';
import { fourEyesThreshold, withApprovals } from './four-eyes';
import { TRANSACTION_COLUMNS, TransactionRow, transactionEvent, transactionView, newReference } from './transaction-views';

export const SAME_ADMIN_SECOND_APPROVAL = 'You have already approved this withdrawal. A second, different administrator must approve it before it is paid.';

interface NewTransaction {
  userId: string;
  type: TransactionRow['type'];
  status: TransactionRow['status'];
  amount: bigint;
  currency: Currency;
  method: TransactionRow['method'];
  reference: string;
  description: string;
  details: Record<string, string>;
  investmentId?: string;
}

/** Deposits, withdrawals and investment payments, and the admin's decisions on them. */
@Injectable()
export class MoneyMovement {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly settings: PlatformSettings,
    private readonly funding: InvestmentFunding,
  ) {}

  private toggle(name: string): boolean {
    return this.settings.get<Record<string, boolean>>('feature_toggles')?.[name] !== false;
  }

  /**
   * Money moves only in the currencies System Settings supports now (supported_currencies):
   * one an admin removed is refused like an unknown one. Where the setting is absent, the
   * contract's currencies apply.
   */
  private requireSupportedCurrency(currency: Currency): void {
    const configured = this.settings.get<unknown>('supported_currencies');
    if (!Array.isArray(configured)) return;
    const supported = configured.filter((item): item is string => typeof item === 'string').map((item) => item.trim().toUpperCase());
    if (supported.length === 0 || supported.includes(currency)) return;
    const message = `currency must be one of ${supported.join(', ')}`;
    throw ServiceError.badRequest(message, { code: 'validation_failed', details: [{ field: 'currency', message }] });
  }

  /** The bank and crypto rails, as deposits and investment payments both use them (feature_toggles, crypto_wallets). */
  private requireRail(crypto: boolean): string | null {
    if (!this.toggle(crypto ? 'crypto_payments' : 'bank_transfers')) {
      throw ServiceError.conflict(crypto ? 'Crypto payments are currently disabled.' : 'Bank transfers are currently disabled.', 'feature_disabled');
    }
    const wallet = this.settings.get<{ bitcoin?: string | null }>('crypto_wallets')?.bitcoin ?? null;
    if (crypto && !wallet) throw ServiceError.conflict(LEDGER_MESSAGES.noWallet, 'no_wallet');
    return wallet;
  }

  private async insert(manager: EntityManager, transaction: NewTransaction): Promise<TransactionRow> {
    const [row] = await manager.query(
      `INSERT INTO ledger.transactions (id, user_id, type, status, amount, currency, method, reference, description, details, investment_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${TRANSACTION_COLUMNS}`,
      [
        randomUUID(),
        transaction.userId,
        transaction.type,
        transaction.status,
        transaction.amount.toString(),
        transaction.currency,
        transaction.method,
        transaction.reference,
        transaction.description,
        JSON.stringify(transaction.details),
        transaction.investmentId ?? null,
      ],
    );
    return row;
  }

  async balance(actor: Actor, currency: Currency = 'USD'): Promise<BalanceView> {
    const [balances, others] = await Promise.all([
      this.book.balances(this.dataSource.manager, actor.userId, currency),
      // Other currencies are listed as they are, never converted (there are no exchange rates).
      this.dataSource.query(
        `SELECT currency, coalesce(sum(balance) FILTER (WHERE kind = 'available'), 0) AS available
         FROM ledger.accounts WHERE user_id = $1 AND currency <> $2
         GROUP BY currency HAVING bool_or(balance <> 0) ORDER BY currency`,
        [actor.userId, currency],
      ) as Promise<{ currency: string; available: string }[]>,
    ]);
    return {
      currency,
      available: formatMinor(balances.available),
      held: formatMinor(balances.held),
      locked: formatMinor(balances.locked),
      totalInvested: formatMinor(balances.invested),
      totalReturns: formatMinor(balances.returns),
      otherCurrencies: others.map((row) => ({ currency: row.currency.trim() as Currency, amount: formatMinor(row.available) })),
    };
  }

  async summary(actor: Actor, currency: Currency = 'USD'): Promise<TransactionSummary> {
    const [[totals], balances, depositsAllowed] = await Promise.all([
      this.dataSource.query(
        `SELECT coalesce(sum(amount) FILTER (WHERE type = 'deposit' AND status = 'completed'), 0) AS deposits,
                coalesce(sum(amount) FILTER (WHERE type = 'withdrawal' AND status = 'completed'), 0) AS withdrawals,
                count(*) FILTER (WHERE status IN ('pending', 'processing')) AS pending
         FROM ledger.transactions WHERE user_id = $1 AND currency = $2`,
        [actor.userId, currency],
      ),
      this.book.balances(this.dataSource.manager, actor.userId, currency),
      this.depositsAllowed(this.dataSource.manager, actor.userId),
    ]);
    return {
      currency,
      totalDeposits: formatMinor(totals.deposits),
      totalWithdrawals: formatMinor(totals.withdrawals),
      pendingRequests: Number(totals.pending),
      availableBalance: formatMinor(balances.available),
      depositsAllowed,
    };
  }

  /**
   * The deposit gate (spec 02 §5, read as DESIGN.md departs from it): allowed with no
   * application, with an approved latest one, or while any approved investment awaits its
   * money or earns, so a second application in review does not stop the first being funded.
   */
  private async depositsAllowed(manager: EntityManager, userId: string): Promise<boolean> {
    const [row] = (await manager.query(
      `SELECT (SELECT status FROM ledger.application_gate WHERE user_id = $1) AS latest,
              EXISTS (SELECT 1 FROM ledger.investments WHERE user_id = $1 AND status IN ('awaiting_funding', 'active')) AS holding`,
      [userId],
    )) as { latest: string | null; holding: boolean }[];
    return row.latest === null || row.latest === 'approved' || row.holding;
  }

  async requestDeposit(actor: Actor, payload: RequestDepositPayload): Promise<TransactionView> {
    requireCustomer(actor);
    const currency = payload.currency ?? 'USD';
    const crypto = payload.method === 'crypto';
    const wallet = this.requireRail(crypto);
    this.requireSupportedCurrency(currency);
    const amount = toMinor(payload.amount);
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.depositsAllowed(manager, actor.userId))) throw ServiceError.forbidden(LEDGER_MESSAGES.depositNotAllowed, 'deposit_not_allowed');
      return once(manager, actor.userId, payload.idempotencyKey, 'deposit', payload, async () => {
        const details: Record<string, string> = crypto
          ? { accountType: 'Cryptocurrency', bankName: 'Bitcoin Network', bankAddress: wallet as string, cryptocurrency: 'BTC' }
          : { accountType: sanitise(payload.accountType), bankName: sanitise(payload.bankName), bankAddress: sanitise(payload.bankAddress) };
        const row = await this.insert(manager, {
          userId: actor.userId,
          type: 'deposit',
          status: 'pending',
          amount,
          currency,
          method: crypto ? 'crypto' : 'bank',
          reference: newReference('DEP'),
          description: crypto ? `Bitcoin deposit of ${formatMinor(amount)} ${currency}` : `Bank deposit of ${formatMinor(amount)} ${currency} from ${details.bankName}`,
          details,
        });
        await addToOutbox(manager, LedgerEvents.depositRequested, transactionEvent(row));
        return transactionView(row);
      });
    });
  }

  async requestWithdrawal(actor: Actor, payload: RequestWithdrawalPayload): Promise<TransactionView> {
    requireCustomer(actor);
    if (!this.toggle('withdrawals_enabled')) throw ServiceError.conflict(LEDGER_MESSAGES.withdrawalsDisabled, 'withdrawals_disabled');
    if (this.settings.get<{ withdrawalRequiresKyc?: boolean }>('financial_limits')?.withdrawalRequiresKyc === true) {
      const [gate] = await this.dataSource.query(`SELECT kyc_status FROM ledger.kyc_gate WHERE user_id = $1`, [actor.userId]);
      if (gate?.kyc_status !== 'verified') throw ServiceError.forbidden(LEDGER_MESSAGES.withdrawalRequiresKyc, 'kyc_required');
    }
    const currency = payload.currency ?? 'USD';
    this.requireSupportedCurrency(currency);
    const amount = toMinor(payload.amount);
    const minimumUnits = resolveMinimumWithdrawal(this.settings.get('financial_limits'));
    const minimum = toMinor(minimumUnits);
    const refusal = async (): Promise<ServiceError> => {
      const { available } = await this.book.balances(this.dataSource.manager, actor.userId, currency);
      if (available <= 0n) return ServiceError.conflict(LEDGER_MESSAGES.noCredit, 'no_credit');
      if (amount < minimum) return ServiceError.badRequest(minimumUnits === DEFAULT_MINIMUM_WITHDRAWAL ? LEDGER_MESSAGES.minimumWithdrawal : `Minimum withdrawal amount is $${minimumUnits}.`, { code: 'below_minimum' });
      return ServiceError.conflict(LEDGER_MESSAGES.insufficientBalance, 'insufficient_balance');
    };
    if (amount < minimum) throw await refusal();
    const key = payload.idempotencyKey;
    const hash = key ? requestHash('withdrawal', payload) : '';
    const manager = this.dataSource.manager;
    // A repeat of a finished request answers from its key without touching the book.
    if (key) {
      const [known] = await manager.query(`SELECT 1 FROM ledger.idempotency_keys WHERE user_id = $1 AND key = $2`, [actor.userId, key]);
      if (known) return firstReply(manager, actor.userId, key, hash);
    }
    const accounts = await this.book.customer(manager, actor.userId, currency);
    const account = {
      accountName: sanitise(payload.accountName),
      accountNumber: sanitise(payload.accountNumber).replace(/\s+/g, ' '),
      bankName: sanitise(payload.bankName),
      bankBranchAddress: sanitise(payload.bankBranchAddress),
      swiftCode: sanitise(payload.swiftCode).toUpperCase(),
    };
    const at = new Date();
    const transaction = {
      id: randomUUID(),
      userId: actor.userId,
      type: 'withdrawal' as const,
      status: 'pending' as const,
      amount,
      currency,
      method: 'bank' as const,
      reference: newReference('WTH'),
      description: `Withdrawal of ${formatMinor(amount)} ${currency} to ${account.bankName} (${account.accountName})`,
      details: account,
      at,
    };
    const row: TransactionRow = {
      ...transaction,
      user_id: transaction.userId,
      amount: amount.toString(),
      reason: null,
      created_at: at,
      updated_at: at,
    };
    const view = transactionView(row);
    try {
      // The hold: available -> held until an admin pays it out or releases it, all in one statement.
      await this.book.postAtomically(manager, {
        transaction,
        posting: {
          kind: 'withdrawal_hold',
          currency,
          transactionId: transaction.id,
          legs: [
            { accountId: accounts.available, amount: -amount },
            { accountId: accounts.held, amount },
          ],
        },
        outbox: [outboxRow(LedgerEvents.withdrawalRequested, transactionEvent(row))],
        idempotency: key ? { userId: actor.userId, key, operation: 'withdrawal', hash, response: view } : undefined,
      });
      return view;
    } catch (error) {
      // A concurrent repeat with the same key committed first: answer as it did. Its hold may
      // be what left too little for this one, so a refusal first asks whether the key was taken.
      if (key && (keyTaken(error) || (error instanceof InsufficientFunds && (await this.keyRecorded(actor.userId, key))))) return firstReply(manager, actor.userId, key, hash);
      if (error instanceof InsufficientFunds) throw await refusal();
      throw error;
    }
  }

  private async keyRecorded(userId: string, key: string): Promise<boolean> {
    const [known] = await this.dataSource.query(`SELECT 1 FROM ledger.idempotency_keys WHERE user_id = $1 AND key = $2`, [userId, key]);
    return Boolean(known);
  }

  /**
   * A payment into one of the customer's investments awaiting funding, in the investment's
   * currency and never more than what is left to pay on it. From the balance it is invested
   * at once (and may complete the funding); by bank or Bitcoin its amount is set aside until
   * an admin confirms the money arrived.
   */
  async payInvestment(actor: Actor, payload: PayInvestmentPayload): Promise<TransactionView> {
    requireCustomer(actor);
    if (!this.toggle('investments_enabled')) throw ServiceError.conflict('Investments are currently disabled.', 'feature_disabled');
    const method = payload.paymentMethod;
    // Paid by bank or Bitcoin, the money comes over the same rails as a deposit, under the same switches.
    if (method !== 'balance') this.requireRail(method === 'crypto');
    const amount = toMinor(payload.amount);
    try {
      return await this.dataSource.transaction(async (manager) =>
        once(manager, actor.userId, payload.idempotencyKey, 'investment', payload, async () => {
          const investment = await this.funding.claim(manager, actor.userId, payload.investmentId, amount);
          const currency = this.funding.currencyOf(investment);
          if (payload.currency && payload.currency !== currency) {
            const message = `currency must be ${currency}, the currency of this investment`;
            throw ServiceError.badRequest(message, { code: 'validation_failed', details: [{ field: 'currency', message }] });
          }
          this.requireSupportedCurrency(currency);
          const typeLabel = { personal: 'Personal', corporate: 'Corporate', gipp: 'GIPP' }[investment.investment_type];
          const row = await this.insert(manager, {
            userId: actor.userId,
            type: 'investment',
            // Spec 02 §4: bank starts pending, crypto processing; from balance it is paid at once.
            status: method === 'bank' ? 'pending' : method === 'crypto' ? 'processing' : 'completed',
            amount,
            currency,
            method,
            reference: newReference(method === 'crypto' ? 'INV-CRYPTO' : method === 'bank' ? 'INV-BANK' : 'INV-BAL'),
            description: `${typeLabel} investment payment of ${formatMinor(amount)} ${currency} by ${method === 'balance' ? 'account balance' : method === 'crypto' ? 'Bitcoin' : 'bank transfer'}`,
            details: { investmentType: investment.investment_type, investmentId: investment.id },
            investmentId: investment.id,
          });
          if (method === 'balance') {
            const accounts = await this.book.customer(manager, actor.userId, currency);
            await this.book.post(manager, {
              kind: 'investment_from_balance',
              currency,
              transactionId: row.id,
              legs: [
                { accountId: accounts.available, amount: -amount },
                { accountId: accounts.invested, amount },
              ],
            });
            await this.funding.fund(manager, investment.id, amount);
            // Paid: the money is in invested now. By bank or Bitcoin it is paid when an admin confirms it arrived.
            await addToOutbox(manager, LedgerEvents.investmentPaid, transactionEvent(row));
          } else {
            await this.funding.reserve(manager, investment.id, amount);
            await addToOutbox(manager, LedgerEvents.investmentRequested, transactionEvent(row));
          }
          return transactionView(row);
        }),
      );
    } catch (error) {
      if (error instanceof InsufficientFunds) throw ServiceError.conflict('Insufficient Balance: your investment amount exceeds your available balance.', 'insufficient_balance');
      throw error;
    }
  }

  /**
   * One transaction with its bank or wallet details: the customer's own, or any for an admin
   * whose role has the transactions permission (as All Transactions needs). For everyone
   * else it does not exist.
   */
  async getOwn(actor: Actor, id: string): Promise<TransactionView> {
    const [row] = await this.dataSource.query(`SELECT ${TRANSACTION_COLUMNS} FROM ledger.transactions WHERE id = $1`, [id]);
    const mayRead = (found: TransactionRow) =>
      found.user_id === actor.userId || (actor.userType === 'admin' && adminRoleAllowsNow(this.settings, actor.adminRole, 'transactions'));
    if (!row || !mayRead(row)) throw ServiceError.notFound('Transaction not found');
    return transactionView(row);
  }

  /** Approve: deposit credited, withdrawal paid out, investment completed. Reject: failed, holds released. */
  async decide(actor: Actor, meta: RequestMeta, payload: DecideTransactionPayload): Promise<TransactionView> {
    requireMoneyAdmin(actor, this.settings);
    const approve = payload.decision === 'approve';
    const reason = sanitise(payload.reason) || null;
    // The customer is told why: a rejection without a reason changes nothing (issue 30).
    if (!approve && !reason) throw ServiceError.badRequest(REJECTION_REASON_MESSAGE, { details: [{ field: 'reason', message: REJECTION_REASON_MESSAGE }] });
    return this.dataSource.transaction(async (manager) => {
      const [current] = await manager.query(`SELECT ${TRANSACTION_COLUMNS} FROM ledger.transactions WHERE id = $1 FOR UPDATE`, [payload.id]);
      if (!current) throw ServiceError.notFound('Transaction not found');
      const row = current as TransactionRow;
      if (row.status !== 'pending' && row.status !== 'processing') throw ServiceError.conflict(`This transaction is already ${row.status}.`, 'already_decided');
      if (!['deposit', 'withdrawal', 'investment'].includes(row.type)) throw ServiceError.conflict('Only deposits, withdrawals and investment payments are decided by an admin.');
      const currency = row.currency.trim() as Currency;
      const amount = BigInt(row.amount);
      if (row.type === 'withdrawal' && approve && amount > fourEyesThreshold(this.settings)) {
        const waiting = await this.recordApproval(manager, meta, actor, row, amount, currency);
        if (waiting) return waiting;
      }
      const accounts = await this.book.customer(manager, row.user_id, currency);
      const incoming = await this.book.system(manager, row.method === 'crypto' ? 'incoming_crypto' : 'incoming_bank', currency);
      if (row.type === 'deposit' && approve) {
        await this.book.post(manager, { kind: 'deposit', currency, transactionId: row.id, legs: [{ accountId: incoming, amount: -amount }, { accountId: accounts.available, amount }] });
      } else if (row.type === 'withdrawal') {
        const target = approve ? await this.book.system(manager, 'payouts', currency) : accounts.available;
        await this.book.post(manager, {
          kind: approve ? 'withdrawal_payout' : 'withdrawal_release',
          currency,
          transactionId: row.id,
          legs: [{ accountId: accounts.held, amount: -amount }, { accountId: target, amount }],
        });
      } else if (row.type === 'investment' && row.investment_id) {
        // Funds its investment while it still waits for the money; after a cancellation it lands in the available balance.
        const funds = await this.funding.settle(manager, row.investment_id, amount, approve);
        if (approve) {
          await this.book.post(manager, {
            kind: funds ? 'investment_received' : 'investment_received_unplaced',
            currency,
            transactionId: row.id,
            legs: [
              { accountId: incoming, amount: -amount },
              { accountId: funds ? accounts.invested : accounts.available, amount },
            ],
          });
        }
      } else if (row.type === 'investment' && approve) {
        await this.book.post(manager, { kind: 'investment_received', currency, transactionId: row.id, legs: [{ accountId: incoming, amount: -amount }, { accountId: accounts.invested, amount }] });
      }
      const [decided] = await updated<TransactionRow>(
        manager,
        `UPDATE ledger.transactions SET status = $2, reason = $3, decided_by = $4, updated_at = now() WHERE id = $1 RETURNING ${TRANSACTION_COLUMNS}`,
        [row.id, approve ? 'completed' : 'failed', approve ? null : reason, actor.userId],
      );
      const event = transactionEvent(decided);
      if (row.type === 'deposit') await addToOutbox(manager, approve ? LedgerEvents.depositCompleted : LedgerEvents.depositRejected, event);
      if (row.type === 'withdrawal') await addToOutbox(manager, approve ? LedgerEvents.withdrawalCompleted : LedgerEvents.withdrawalRejected, event);
      // Paid only now that the money is in invested; a rejected payment is announced as such.
      if (row.type === 'investment') await addToOutbox(manager, approve ? LedgerEvents.investmentPaid : LedgerEvents.investmentRejected, event);
      await recordAdminAction(manager, meta, {
        actionType: `${row.type}_${approve ? 'approved' : 'rejected'}`,
        targetType: 'transaction',
        targetId: row.id,
        description: `${approve ? 'Approved' : 'Rejected'} ${row.type} ${row.reference} of ${formatMinor(amount)} ${currency}`,
        metadata: { reference: row.reference, userId: row.user_id, amount: formatMinor(amount), currency, ...(reason && !approve ? { reason } : {}) },
      });
      return transactionView(decided);
    });
  }

  /** Withdrawals above this (minor units) are paid only after two different admins approve (financial_limits). */

  /**
   * Four-eyes: stores this admin's approval. The first approval leaves the withdrawal
   * pending (returned, audited); the same admin again is refused; a different admin's
   * approval lets the payout go ahead (null).
   */
  private async recordApproval(manager: EntityManager, meta: RequestMeta, actor: Actor, row: TransactionRow, amount: bigint, currency: Currency): Promise<TransactionView | null> {
    const approvals: { admin_id: string }[] = await manager.query(`SELECT admin_id FROM ledger.withdrawal_approvals WHERE transaction_id = $1`, [row.id]);
    if (approvals.some((approval) => approval.admin_id === actor.userId)) throw ServiceError.conflict(SAME_ADMIN_SECOND_APPROVAL, 'second_approval_required');
    await manager.query(`INSERT INTO ledger.withdrawal_approvals (transaction_id, admin_id) VALUES ($1, $2)`, [row.id, actor.userId]);
    if (approvals.length > 0) return null;
    await recordAdminAction(manager, meta, {
      actionType: 'withdrawal_first_approval',
      targetType: 'transaction',
      targetId: row.id,
      description: `First approval of withdrawal ${row.reference} of ${formatMinor(amount)} ${currency}; a second administrator must approve it`,
      metadata: { reference: row.reference, userId: row.user_id, amount: formatMinor(amount), currency, approvals: 1 },
    });
    const [view] = await withApprovals(manager, this.settings, [transactionView(row)]);
    return view;
  }
}
