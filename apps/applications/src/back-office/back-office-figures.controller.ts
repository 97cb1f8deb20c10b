import { Controller } from '@nestjs/common';
import {
  Actor,
  ApplicationsBackOfficeCommands,
  ApplicationsReport,
  ApplicationsStats,
  CURRENCIES,
  Currency,
  ReportWindowPayload,
  reportWindowCode,
} from '@portal/contracts';
import { adminRoleAllowsNow, CommandActor, CommandPayload, HandlesCommand, PlatformSettings, ServiceError, requireAnyAdmin } from '@portal/messaging';
import { BackOfficeFiguresQueries } from './back-office-figures.queries';

/** Minor units as a decimal string with two decimals, exactly (bigint arithmetic). */
function formatMinor(minor: string | number | bigint): string {
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  return `${sign}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, '0')}`;
}

/**
 * The applications service's own figures for the admin overview and reports. Any admin may
 * read them (the overview is every admin's landing page).
 */
@Controller()
export class BackOfficeFiguresController {
  constructor(
    private readonly figures: BackOfficeFiguresQueries,
    private readonly settings: PlatformSettings,
  ) {}

  @HandlesCommand(ApplicationsBackOfficeCommands.stats)
  async stats(@CommandActor() actor: Actor): Promise<ApplicationsStats> {
    requireAnyAdmin(actor);
    // Investment totals: roles with the investments permission only (the overview hides the card for the others).
    if (!adminRoleAllowsNow(this.settings, actor.adminRole, 'investments')) throw ServiceError.of(403, 'forbidden');
    const totals = await this.figures.totals();
    return {
      totalInvestments: Number(totals.total),
      personal: Number(totals.personal),
      corporate: Number(totals.corporate),
      gipp: Number(totals.gipp),
      pendingApprovals: Number(totals.pendingApprovals),
    };
  }

  @HandlesCommand(ApplicationsBackOfficeCommands.report)
  async report(@CommandActor() actor: Actor, @CommandPayload() payload: ReportWindowPayload): Promise<ApplicationsReport> {
    requireAnyAdmin(actor);
    const problem = reportWindowCode(payload);
    if (problem) throw ServiceError.of(400, problem);
    const { byType, byStatus, requested, perDay } = await this.figures.submitted(payload);
    return {
      submitted: byType.reduce((total, entry) => total + entry.count, 0),
      byType,
      byStatus,
      requested: requested
        .filter((row) => (CURRENCIES as readonly string[]).includes(row.currency))
        .map((row) => ({ currency: row.currency as Currency, amount: formatMinor(row.amount) })),
      perDay: perDay.map((entry) => ({ date: entry.label, count: entry.count })),
    };
  }
}
