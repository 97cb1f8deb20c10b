import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { Actor, LedgerEvents, PayInvestmentPayload, TransactionView } from '@portal/contracts';
import { addToOutbox, fieldRefusal, ServiceError } from '@portal/messaging';
import { requireCustomer } from '../../book/access';
import { Book, InsufficientFunds, transfer } from '../../book/book';
import { once } from '../../book/idempotency';
import { formatMinor, toMinor } from '../../book/money';
import { insertTransaction } from '../../book/transactions';
import { InvestmentFunding } from '../../investments/investment-funding';
import { MoneyRules } from '../money-rules';
import { newReference, transactionEvent, transactionView } from '../transaction-views';

/**
 * A payment into one of the customer's investments awaiting funding, in the investment's
 * currency and never more than what is left to pay on it. From the balance it is invested
 * at once (and may complete the funding); by bank or Bitcoin its amount is set aside until
 * an admin confirms the money arrived.
 */
@Injectable()
export class PayInvestment {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly rules: MoneyRules,
    private readonly funding: InvestmentFunding,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, payload: PayInvestmentPayload): Promise<TransactionView> {
    requireCustomer(actor);
    if (!this.rules.enabled('investments_enabled')) throw ServiceError.of(409, 'investment_payments_disabled');
    const method = payload.paymentMethod;
    // Paid by bank or Bitcoin, the money comes over the same rails as a deposit, under the same switches.
    if (method !== 'balance') this.rules.requireRail(method === 'crypto');
    const amount = toMinor(payload.amount);
    try {
      return await this.dataSource.transaction(async (manager) =>
        once(manager, actor.userId, payload.idempotencyKey, 'investment', payload, async () => {
          const investment = await this.funding.claim(manager, actor.userId, payload.investmentId, amount);
          const currency = this.funding.currencyOf(investment);
          if (payload.currency && payload.currency !== currency) {
            throw ServiceError.of(400, 'currency_of_investment', { params: { currency }, details: [fieldRefusal('currency', 'currency_of_investment', { currency })] });
          }
          this.rules.requireSupportedCurrency(currency);
          const typeLabel = { personal: 'Personal', corporate: 'Corporate', gipp: 'GIPP' }[investment.investment_type];
          const row = await insertTransaction(manager, {
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
            at: this.clock.now(),
          });
          if (method === 'balance') {
            const accounts = await this.book.customer(manager, actor.userId, currency);
            await this.book.post(manager, {
              kind: 'investment_from_balance',
              currency,
              transactionId: row.id,
              legs: transfer(accounts.available, accounts.invested, amount),
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
      if (error instanceof InsufficientFunds) throw ServiceError.of(409, 'investment_insufficient_balance');
      throw error;
    }
  }
}
