import { Controller } from '@nestjs/common';
import { Actor, KycBackOfficeCommands, KycReport, KycStats, ReportWindowPayload, reportWindowCode } from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand, ServiceError, requireAnyAdmin } from '@portal/messaging';
import { BackOfficeFiguresQueries } from './back-office-figures.queries';

/**
 * KYC's own figures for the admin overview and reports: statuses, documents awaiting review, decisions.
 * Any admin may read them (the overview is every admin's landing page).
 */
@Controller()
export class BackOfficeFiguresController {
  constructor(private readonly figures: BackOfficeFiguresQueries) {}

  @HandlesCommand(KycBackOfficeCommands.stats)
  async stats(@CommandActor() actor: Actor): Promise<KycStats> {
    requireAnyAdmin(actor);
    const statuses = await this.figures.statuses();
    return { pending: Number(statuses.pending), verified: Number(statuses.verified), rejected: Number(statuses.rejected), documentsPending: Number(statuses.documentsPending) };
  }

  @HandlesCommand(KycBackOfficeCommands.report)
  async report(@CommandActor() actor: Actor, @CommandPayload() payload: ReportWindowPayload): Promise<KycReport> {
    requireAnyAdmin(actor);
    const problem = reportWindowCode(payload);
    if (problem) throw ServiceError.of(400, problem);
    const { outcomes, perDay, submitted, reviews } = await this.figures.decisions(payload);
    return {
      outcomes,
      documentsSubmitted: Number(submitted),
      documentReviews: reviews,
      perDay: perDay.map((entry) => ({ date: entry.label, count: entry.count })),
    };
  }
}
