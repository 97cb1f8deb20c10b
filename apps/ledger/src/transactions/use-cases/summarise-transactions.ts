import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, Currency, TransactionSummary } from '@portal/contracts';
import { Book } from '../../book/book';
import { formatMinor } from '../../book/money';
import { TransactionsRepository } from '../transactions.repository';

/** The customer's totals in a currency, their pending requests, and whether they may deposit. */
@Injectable()
export class SummariseTransactions {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly transactions: TransactionsRepository,
  ) {}

  async execute(actor: Actor, currency: Currency = 'USD'): Promise<TransactionSummary> {
    const [totals, balances, depositsAllowed] = await Promise.all([
      this.transactions.totals(actor.userId, currency),
      this.book.balances(this.dataSource.manager, actor.userId, currency),
      this.transactions.depositsAllowed(this.dataSource.manager, actor.userId),
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
}
