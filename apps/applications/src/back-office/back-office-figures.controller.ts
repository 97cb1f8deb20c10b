import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
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

/** Any admin may read the back office's figures (the overview is every admin's landing page). */
const counts = (rows: { label: string; count: string }[]) => rows.map((row) => ({ label: row.label, count: Number(row.count) }));

/** Minor units as a decimal string with two decimals, exactly (bigint arithmetic). */
function formatMinor(minor: string | number | bigint): string {
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  return `${sign}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, '0')}`;
}

/** The applications service's own figures for the admin overview and reports. */
@Controller()
export class BackOfficeFiguresController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
  ) {}

  @HandlesCommand(ApplicationsBackOfficeCommands.stats)
  async stats(@CommandActor() actor: Actor): Promise<ApplicationsStats> {
    requireAnyAdmin(actor);
    // Investment totals: roles with the investments permission only (the overview hides the card for the others).
    if (!adminRoleAllowsNow(this.settings, actor.adminRole, 'investments')) throw ServiceError.of(403, 'forbidden');
    const [[investments], [applications]] = await Promise.all([
      this.dataSource.query(
        `SELECT count(*) AS total,
                count(*) FILTER (WHERE investment_type = 'personal') AS personal,
                count(*) FILTER (WHERE investment_type = 'corporate') AS corporate,
                count(*) FILTER (WHERE investment_type = 'gipp') AS gipp
           FROM applications.investments`,
      ),
      this.dataSource.query(`SELECT count(*) AS pending FROM applications.applications WHERE status IN ('pending', 'under_review')`),
    ]);
    return {
      totalInvestments: Number(investments.total),
      personal: Number(investments.personal),
      corporate: Number(investments.corporate),
      gipp: Number(investments.gipp),
      pendingApprovals: Number(applications.pending),
    };
  }

  @HandlesCommand(ApplicationsBackOfficeCommands.report)
  async report(@CommandActor() actor: Actor, @CommandPayload() payload: ReportWindowPayload): Promise<ApplicationsReport> {
    requireAnyAdmin(actor);
    const problem = reportWindowCode(payload);
    if (problem) throw ServiceError.of(400, problem);
    const parameters = [payload.from, payload.to];
    // Drafts were never submitted: an application counts from its submission.
    const window = `status <> 'draft' AND submitted_at >= $1::timestamptz AND submitted_at < $2::timestamptz`;
    const [byType, byStatus, requested, perDay] = await Promise.all([
      this.dataSource.query(`SELECT application_type AS label, count(*) AS count FROM applications.applications WHERE ${window} GROUP BY 1 ORDER BY 1`, parameters),
      this.dataSource.query(`SELECT status AS label, count(*) AS count FROM applications.applications WHERE ${window} GROUP BY 1 ORDER BY 1`, parameters),
      this.dataSource.query(
        `SELECT currency, coalesce(sum(investment_amount_minor), 0) AS amount FROM applications.applications WHERE ${window} GROUP BY currency ORDER BY currency`,
        parameters,
      ),
      this.dataSource.query(`SELECT to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS label, count(*) AS count FROM applications.applications WHERE ${window} GROUP BY 1 ORDER BY 1`, parameters),
    ]);
    const types = counts(byType);
    return {
      submitted: types.reduce((total, entry) => total + entry.count, 0),
      byType: types,
      byStatus: counts(byStatus),
      requested: (requested as { currency: string; amount: string }[])
        .filter((row) => (CURRENCIES as readonly string[]).includes(row.currency))
        .map((row) => ({ currency: row.currency as Currency, amount: formatMinor(row.amount) })),
      perDay: counts(perDay).map((entry) => ({ date: entry.label, count: entry.count })),
    };
  }
}
