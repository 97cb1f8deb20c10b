import { Controller } from '@nestjs/common';
import { Actor, DataExportCommands, DataExportPart } from '@portal/contracts';
import { CommandActor, HandlesCommand } from '@portal/messaging';
import { formatMinor } from '../book/money';
import { InvestmentQueries } from '../investments/investment-queries';
import { transactionView } from '../transactions/transaction-views';
import { PersonalDataQueries } from './personal-data.queries';

/** Download My Data: the caller's balances, every transaction, investments, security deposits and card requests. */
@Controller()
export class LedgerDataExportHandlers {
  constructor(
    private readonly personalData: PersonalDataQueries,
    private readonly investments: InvestmentQueries,
  ) {}

  @HandlesCommand(DataExportCommands.ledger)
  async export(@CommandActor() actor: Actor): Promise<DataExportPart> {
    const transactions = await this.personalData.transactions(actor.userId);
    const balances = (await this.personalData.balances(actor.userId))
      .filter(({ balance }) => Object.values(balance).some((amount) => amount !== 0n))
      .map(({ currency, balance }) => ({ currency, ...Object.fromEntries(Object.entries(balance).map(([kind, amount]) => [kind, formatMinor(amount)])) }));
    const securityDeposits = (await this.personalData.securityDeposits(actor.userId)).map((row) => ({ ...row, amount: formatMinor(String(row.amount)), currency: String(row.currency).trim() }));
    const investments = (await this.investments.listOwn(actor)).items;
    return {
      service: 'ledger',
      data: { balances, transactions: transactions.map((row) => transactionView(row)), investments, securityDeposits, cardRequests: await this.personalData.cardRequests(actor.userId) },
    };
  }
}
