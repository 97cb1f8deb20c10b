import { Controller } from '@nestjs/common';
import {
  Actor,
  IdentityBackOfficeCommands,
  IdentityReport,
  IdentityStats,
  ReportWindowPayload,
  reportWindowCode,
} from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand, ServiceError, requireAnyAdmin } from '@portal/messaging';
import { BackOfficeFiguresQueries } from './back-office-figures.queries';

/**
 * Identity's own figures for the admin overview and reports: accounts by status, type and age.
 * Any admin may read them (the overview is every admin's landing page).
 */
@Controller()
export class BackOfficeFiguresController {
  constructor(private readonly figures: BackOfficeFiguresQueries) {}

  @HandlesCommand(IdentityBackOfficeCommands.stats)
  async stats(@CommandActor() actor: Actor): Promise<IdentityStats> {
    requireAnyAdmin(actor);
    const row = await this.figures.accounts();
    return {
      totalUsers: Number(row.total),
      active: Number(row.active),
      suspended: Number(row.suspended),
      pending: Number(row.pending),
      customers: Number(row.customers),
      admins: Number(row.admins),
    };
  }

  @HandlesCommand(IdentityBackOfficeCommands.report)
  async report(@CommandActor() actor: Actor, @CommandPayload() payload: ReportWindowPayload): Promise<IdentityReport> {
    requireAnyAdmin(actor);
    const problem = reportWindowCode(payload);
    if (problem) throw ServiceError.of(400, problem);
    const { byType, byStatus, perDay } = await this.figures.newAccounts(payload);
    return {
      newUsers: byType.reduce((total, entry) => total + entry.count, 0),
      byType,
      byStatus,
      perDay: perDay.map((entry) => ({ date: entry.label, count: entry.count })),
    };
  }
}
