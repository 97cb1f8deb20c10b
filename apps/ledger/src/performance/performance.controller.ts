import { Controller } from '@nestjs/common';
import { Actor, LedgerPerformanceCommands, PortfolioPerformance, PortfolioPerformancePayload } from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand } from '@portal/messaging';
import { PortfolioPerformanceReport } from './portfolio-performance';

/** Performance commands; each reads the verified actor's own portfolio. */
@Controller()
export class PerformanceController {
  constructor(private readonly performance: PortfolioPerformanceReport) {}

  @HandlesCommand(LedgerPerformanceCommands.portfolioPerformance)
  portfolio(@CommandActor() actor: Actor, @CommandPayload() payload: PortfolioPerformancePayload): Promise<PortfolioPerformance> {
    return this.performance.build(actor, payload);
  }
}
