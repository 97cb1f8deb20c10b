import { Injectable } from '@nestjs/common';
import { Actor, TransactionView } from '@portal/contracts';
import { adminRoleAllowsNow, PlatformSettings, ServiceError } from '@portal/messaging';
import { TransactionRow, transactionView } from '../transaction-views';
import { TransactionsRepository } from '../transactions.repository';

/**
 * One transaction with its bank or wallet details: the customer's own, or any for an admin
 * whose role has the transactions permission (as All Transactions needs). For everyone
 * else it does not exist.
 */
@Injectable()
export class ShowTransaction {
  constructor(
    private readonly settings: PlatformSettings,
    private readonly transactions: TransactionsRepository,
  ) {}

  async execute(actor: Actor, id: string): Promise<TransactionView> {
    const row = await this.transactions.find(id);
    const mayRead = (found: TransactionRow) =>
      found.user_id === actor.userId || (actor.userType === 'admin' && adminRoleAllowsNow(this.settings, actor.adminRole, 'transactions'));
    if (!row || !mayRead(row)) throw ServiceError.of(404, 'transaction_not_found');
    return transactionView(row);
  }
}
