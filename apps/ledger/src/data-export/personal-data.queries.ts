import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CardRequestView, Currency, CURRENCIES } from '@portal/contracts';
import { personalRows } from '@portal/database';
import { Book, CustomerAccountKind } from '../book/book';
import { CardRequests } from '../cards/card-requests.service';
import { TRANSACTION_COLUMNS, TransactionRow } from '../transactions/transaction-views';

/** What the ledger holds about one person, for Download My Data: read only, newest first. */
@Injectable()
export class PersonalDataQueries {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly cards: CardRequests,
  ) {}

  transactions(userId: string): Promise<TransactionRow[]> {
    return this.dataSource.manager.query(`SELECT ${TRANSACTION_COLUMNS} FROM ledger.transactions WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId]);
  }

  /** The person's balances by account kind, in minor units, one currency after the other (every currency, empty ones too). */
  async balances(userId: string): Promise<{ currency: Currency; balance: Record<CustomerAccountKind, bigint> }[]> {
    const balances = [];
    for (const currency of CURRENCIES) balances.push({ currency, balance: await this.book.balances(this.dataSource.manager, userId, currency) });
    return balances;
  }

  securityDeposits(userId: string): Promise<Record<string, unknown>[]> {
    return personalRows(this.dataSource.manager, `SELECT id, amount, currency, status, lock_reason, created_at, updated_at FROM ledger.security_deposits WHERE user_id = $1 ORDER BY created_at DESC`, [userId]);
  }

  cardRequests(userId: string): Promise<CardRequestView[]> {
    return this.cards.exportOwn(this.dataSource.manager, userId);
  }
}
