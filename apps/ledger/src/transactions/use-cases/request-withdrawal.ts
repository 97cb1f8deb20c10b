import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { Actor, LedgerEvents, RequestWithdrawalPayload, resolveMinimumWithdrawal, TransactionView } from '@portal/contracts';
import { PlatformSettings, ServiceError } from '@portal/messaging';
import { requireCustomer, sanitise } from '../../book/access';
import { Book, InsufficientFunds, outboxRow, transfer } from '../../book/book';
import { firstReply, keyRecorded, keyTaken, requestHash } from '../../book/idempotency';
import { formatMinor, toMinor } from '../../book/money';
import { MoneyRules } from '../money-rules';
import { newReference, TransactionRow, transactionEvent, transactionView } from '../transaction-views';
import { TransactionsRepository } from '../transactions.repository';

/** A customer asks to withdraw to their bank: the amount is held (available -> held) until an admin pays it out or releases it. */
@Injectable()
export class RequestWithdrawal {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly settings: PlatformSettings,
    private readonly rules: MoneyRules,
    private readonly transactions: TransactionsRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, payload: RequestWithdrawalPayload): Promise<TransactionView> {
    requireCustomer(actor);
    if (!this.rules.enabled('withdrawals_enabled')) throw ServiceError.of(409, 'withdrawals_disabled');
    if (this.settings.get<{ withdrawalRequiresKyc?: boolean }>('financial_limits')?.withdrawalRequiresKyc === true) {
      if ((await this.transactions.kycStatus(actor.userId)) !== 'verified') throw ServiceError.of(403, 'kyc_required');
    }
    const currency = payload.currency ?? 'USD';
    this.rules.requireSupportedCurrency(currency);
    const amount = toMinor(payload.amount);
    const minimumUnits = resolveMinimumWithdrawal(this.settings.get('financial_limits'));
    const minimum = toMinor(minimumUnits);
    const refusal = async (): Promise<ServiceError> => {
      const { available } = await this.book.balances(this.dataSource.manager, actor.userId, currency);
      if (available <= 0n) return ServiceError.of(409, 'no_credit');
      if (amount < minimum) return ServiceError.of(400, 'below_minimum', { params: { minimum: minimumUnits } });
      return ServiceError.of(409, 'insufficient_balance');
    };
    if (amount < minimum) throw await refusal();
    const key = payload.idempotencyKey;
    const hash = key ? requestHash('withdrawal', payload) : '';
    const manager = this.dataSource.manager;
    // A repeat of a finished request answers from its key without touching the book.
    if (key && (await keyRecorded(manager, actor.userId, key))) return firstReply(manager, actor.userId, key, hash);
    const accounts = await this.book.customer(manager, actor.userId, currency);
    const account = {
      accountName: sanitise(payload.accountName),
      accountNumber: sanitise(payload.accountNumber).replace(/\s+/g, ' '),
      bankName: sanitise(payload.bankName),
      bankBranchAddress: sanitise(payload.bankBranchAddress),
      swiftCode: sanitise(payload.swiftCode).toUpperCase(),
    };
    const at = this.clock.now();
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
          legs: transfer(accounts.available, accounts.held, amount),
        },
        outbox: [outboxRow(LedgerEvents.withdrawalRequested, transactionEvent(row))],
        idempotency: key ? { userId: actor.userId, key, operation: 'withdrawal', hash, response: view } : undefined,
      });
      return view;
    } catch (error) {
      // A concurrent repeat with the same key committed first: answer as it did. Its hold may
      // be what left too little for this one, so a refusal first asks whether the key was taken.
      if (key && (keyTaken(error) || (error instanceof InsufficientFunds && (await keyRecorded(manager, actor.userId, key))))) return firstReply(manager, actor.userId, key, hash);
      if (error instanceof InsufficientFunds) throw await refusal();
      throw error;
    }
  }
}
