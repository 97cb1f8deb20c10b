import { Controller } from '@nestjs/common';
import { Actor, EmptyPayload, InvestmentIdPayload, InvestmentIdsPayload, InvestmentList, InvestmentView, LedgerInvestmentCommands } from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand } from '@portal/messaging';
import { CancelInvestment } from './cancel-investment';
import { InvestmentQueries } from './investment-queries';

@Controller()
export class InvestmentsController {
  constructor(
    private readonly queries: InvestmentQueries,
    private readonly cancellation: CancelInvestment,
  ) {}

  @HandlesCommand(LedgerInvestmentCommands.listOwnInvestments)
  listOwn(@CommandActor() actor: Actor, @CommandPayload() _payload: EmptyPayload): Promise<InvestmentList> {
    return this.queries.listOwn(actor);
  }

  @HandlesCommand(LedgerInvestmentCommands.cancelInvestment)
  cancel(@CommandActor() actor: Actor, @CommandPayload() payload: InvestmentIdPayload): Promise<InvestmentView> {
    return this.cancellation.byCustomer(actor, payload.investmentId);
  }

  @HandlesCommand(LedgerInvestmentCommands.lookupInvestments)
  lookup(@CommandActor() actor: Actor, @CommandPayload() payload: InvestmentIdsPayload): Promise<InvestmentList> {
    return this.queries.lookup(actor, payload.investmentIds);
  }
}
