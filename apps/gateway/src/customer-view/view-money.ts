import { Injectable } from '@nestjs/common';
import { BalanceQuery, BalanceView, LedgerCommands, OwnTransactionsQuery, RequestMeta, SecurityDepositList, TransactionPage, TransactionSummary } from '@portal/contracts';
import { CustomerViewReader } from './customer-view-reader';

/**
 * The customer's money as their Dashboard and Transactions screens show it, from the
 * commands those screens' endpoints send (GET /balance, /transactions/summary,
 * /transactions, /security-deposits). Each is a pure read of the ledger keyed by the actor.
 */
@Injectable()
export class ViewMoney {
  constructor(private readonly reader: CustomerViewReader) {}

  balance(userId: string, query: BalanceQuery, meta: RequestMeta): Promise<BalanceView> {
    return this.reader.readAs(userId, 'balance', LedgerCommands.getBalance, { currency: query.currency }, meta);
  }

  summary(userId: string, query: BalanceQuery, meta: RequestMeta): Promise<TransactionSummary> {
    return this.reader.readAs(userId, 'transaction_summary', LedgerCommands.summary, { currency: query.currency }, meta);
  }

  transactions(userId: string, query: OwnTransactionsQuery, meta: RequestMeta): Promise<TransactionPage> {
    return this.reader.readAs(userId, 'transactions', LedgerCommands.listOwnTransactions, query, meta);
  }

  securityDeposits(userId: string, meta: RequestMeta): Promise<SecurityDepositList> {
    return this.reader.readAs(userId, 'security_deposits', LedgerCommands.listOwnSecurityDeposits, {}, meta);
  }
}
