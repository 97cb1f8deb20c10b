import { Controller } from '@nestjs/common';
import { Actor, EarningsActualsView, LedgerEarningsCommands, MaturitySchedulePayload, MaturityScheduleView, ReportWindowPayload } from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand } from '@portal/messaging';
import { EarningsActuals } from './earnings-actuals';
import { MaturitySchedule } from './maturity-schedule';

/** Treasury's figures for the Earnings Report and the maturity schedule (reports permission). */
@Controller()
export class EarningsHandlers {
  constructor(
    private readonly earnings: EarningsActuals,
    private readonly maturities: MaturitySchedule,
  ) {}

  @HandlesCommand(LedgerEarningsCommands.earnings)
  actuals(@CommandActor() actor: Actor, @CommandPayload() payload: ReportWindowPayload): Promise<EarningsActualsView> {
    return this.earnings.forWindow(actor, payload);
  }

  @HandlesCommand(LedgerEarningsCommands.maturities)
  schedule(@CommandActor() actor: Actor, @CommandPayload() payload: MaturitySchedulePayload): Promise<MaturityScheduleView> {
    return this.maturities.next(actor, payload);
  }
}
