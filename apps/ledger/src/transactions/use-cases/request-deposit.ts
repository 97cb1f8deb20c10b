import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { Actor, LedgerEvents, RequestDepositPayload, TransactionView } from '@portal/contracts';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { requireCustomer, sanitise } from '../../book/access';
import { once } from '../../book/idempotency';
import { formatMinor, toMinor } from '../../book/money';
import { insertTransaction } from '../../book/transactions';
import { MoneyRules } from '../money-rules';
import { newReference, transactionEvent, transactionView } from '../transaction-views';
import { TransactionsRepository } from '../transactions.repository';

/** A customer asks to deposit by bank or Bitcoin: a pending transaction until an admin confirms the money arrived. */
@Injectable()
export class RequestDeposit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rules: MoneyRules,
    private readonly transactions: TransactionsRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, payload: RequestDepositPayload): Promise<TransactionView> {
    requireCustomer(actor);
    const currency = payload.currency ?? 'USD';
    const crypto = payload.method === 'crypto';
    const wallet = this.rules.requireRail(crypto);
    this.rules.requireSupportedCurrency(currency);
    const amount = toMinor(payload.amount);
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.transactions.depositsAllowed(manager, actor.userId))) throw ServiceError.of(403, 'deposit_not_allowed');
      return once(manager, actor.userId, payload.idempotencyKey, 'deposit', payload, async () => {
        const details: Record<string, string> = crypto
          ? { accountType: 'Cryptocurrency', bankName: 'Bitcoin Network', bankAddress: wallet as string, cryptocurrency: 'BTC' }
          : { accountType: sanitise(payload.accountType), bankName: sanitise(payload.bankName), bankAddress: sanitise(payload.bankAddress) };
        const row = await insertTransaction(manager, {
          userId: actor.userId,
          type: 'deposit',
          status: 'pending',
          amount,
          currency,
          method: crypto ? 'crypto' : 'bank',
          reference: newReference('DEP'),
          description: crypto ? `Bitcoin deposit of ${formatMinor(amount)} ${currency}` : `Bank deposit of ${formatMinor(amount)} ${currency} from ${details.bankName}`,
          details,
          at: this.clock.now(),
        });
        await addToOutbox(manager, LedgerEvents.depositRequested, transactionEvent(row));
        return transactionView(row);
      });
    });
  }
}
