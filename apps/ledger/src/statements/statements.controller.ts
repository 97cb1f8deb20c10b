import { Controller } from '@nestjs/common';
import { Actor, LedgerStatementCommands, MonthlyStatement, MonthlyStatementPayload } from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand } from '@portal/messaging';
import { MonthlyStatements } from './monthly-statement';

/** Statement commands; each reads the verified actor's own money. */
@Controller()
export class StatementsController {
  constructor(private readonly statements: MonthlyStatements) {}

  @HandlesCommand(LedgerStatementCommands.monthlyStatement)
  monthly(@CommandActor() actor: Actor, @CommandPayload() payload: MonthlyStatementPayload): Promise<MonthlyStatement> {
    return this.statements.build(actor, payload);
  }
}
