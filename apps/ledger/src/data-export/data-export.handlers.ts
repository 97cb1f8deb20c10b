import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, CURRENCIES, DataExportCommands, DataExportPart } from '@portal/contracts';
import { personalRows } from '@portal/database';
import { CommandActor, HandlesCommand } from '@portal/messaging';
import { Book } from '../book/book';
import { formatMinor } from '../book/money';
import { CardRequests } from '../cards/card-requests.service';
import { InvestmentQueries } from '../investments/investment-queries';
import { TRANSACTION_COLUMNS, TransactionRow, transactionView } from '../transactions/transaction-views';

/** Download My Data: the caller's balances, every transaction, investments, security deposits and card requests. */
@Controller()
export class LedgerDataExportHandlers {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly cards: CardRequests,
    private readonly investments: InvestmentQueries,
  ) {}

  @HandlesCommand(DataExportCommands.ledger)
  async export(@CommandActor() actor: Actor): Promise<DataExportPart> {
    const manager = this.dataSource.manager;
    const transactions: TransactionRow[] = await manager.query(`SELECT ${TRANSACTION_COLUMNS} FROM ledger.transactions WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [actor.userId]);
    const balances = [];
    for (const currency of CURRENCIES) {
      const balance = await this.book.balances(manager, actor.userId, currency);
      if (Object.values(balance).some((amount) => amount !== 0n)) {
        balances.push({ currency, ...Object.fromEntries(Object.entries(balance).map(([kind, amount]) => [kind, formatMinor(amount)])) });
      }
    }
    const securityDeposits = (await personalRows(manager, `SELECT id, amount, currency, status, lock_reason, created_at, updated_at FROM ledger.security_deposits WHERE user_id = $1 ORDER BY created_at DESC`, [actor.userId])).map(
      (row) => ({ ...row, amount: formatMinor(String(row.amount)), currency: String(row.currency).trim() }),
    );
    const investments = (await this.investments.listOwn(actor)).items;
    return {
      service: 'ledger',
      data: { balances, transactions: transactions.map((row) => transactionView(row)), investments, securityDeposits, cardRequests: await this.cards.exportOwn(manager, actor.userId) },
    };
  }
}
