import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, BalanceView, Currency } from '@portal/contracts';
import { Book } from '../../book/book';
import { formatMinor } from '../../book/money';
import { TransactionsRepository } from '../transactions.repository';

/** The customer's balances in a currency, and the available balance of each other currency they hold. */
@Injectable()
export class ShowBalance {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly transactions: TransactionsRepository,
  ) {}

  async execute(actor: Actor, currency: Currency = 'USD'): Promise<BalanceView> {
    const [balances, others] = await Promise.all([
      this.book.balances(this.dataSource.manager, actor.userId, currency),
      // Other currencies are listed as they are, never converted (there are no exchange rates).
      this.transactions.otherCurrencies(actor.userId, currency),
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
}
