import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, KycBackOfficeCommands, KycReport, KycStats, ReportWindowPayload, reportWindowCode } from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand, ServiceError, requireAnyAdmin } from '@portal/messaging';

/** Any admin may read the back office's figures (the overview is every admin's landing page). */
const counts = (rows: { label: string; count: string }[]) => rows.map((row) => ({ label: row.label, count: Number(row.count) }));

/** KYC's own figures for the admin overview and reports: statuses, documents awaiting review, decisions. */
@Controller()
export class BackOfficeFiguresController {
  constructor(private readonly dataSource: DataSource) {}

  @HandlesCommand(KycBackOfficeCommands.stats)
  async stats(@CommandActor() actor: Actor): Promise<KycStats> {
    requireAnyAdmin(actor);
    const [[profiles], [documents]] = await Promise.all([
      this.dataSource.query(
        `SELECT count(*) FILTER (WHERE kyc_status = 'pending') AS pending,
                count(*) FILTER (WHERE kyc_status = 'verified') AS verified,
                count(*) FILTER (WHERE kyc_status = 'rejected') AS rejected
           FROM kyc.kyc_profiles`,
      ),
      this.dataSource.query(`SELECT count(*) AS pending FROM kyc.kyc_documents WHERE status = 'pending'`),
    ]);
    return { pending: Number(profiles.pending), verified: Number(profiles.verified), rejected: Number(profiles.rejected), documentsPending: Number(documents.pending) };
  }

  @HandlesCommand(KycBackOfficeCommands.report)
  async report(@CommandActor() actor: Actor, @CommandPayload() payload: ReportWindowPayload): Promise<KycReport> {
    requireAnyAdmin(actor);
    const problem = reportWindowCode(payload);
    if (problem) throw ServiceError.of(400, problem);
    const parameters = [payload.from, payload.to];
    // A profile's last change is its KYC decision when it is no longer pending.
    const decided = `kyc_status <> 'pending' AND updated_at >= $1::timestamptz AND updated_at < $2::timestamptz`;
    const [outcomes, perDay, [submitted], reviews] = await Promise.all([
      this.dataSource.query(`SELECT kyc_status AS label, count(*) AS count FROM kyc.kyc_profiles WHERE ${decided} GROUP BY kyc_status ORDER BY kyc_status`, parameters),
      this.dataSource.query(`SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS label, count(*) AS count FROM kyc.kyc_profiles WHERE ${decided} GROUP BY 1 ORDER BY 1`, parameters),
      this.dataSource.query(`SELECT count(*) AS count FROM kyc.kyc_documents WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz`, parameters),
      this.dataSource.query(
        `SELECT status AS label, count(*) AS count FROM kyc.kyc_documents WHERE reviewed_at >= $1::timestamptz AND reviewed_at < $2::timestamptz AND status <> 'pending' GROUP BY status ORDER BY status`,
        parameters,
      ),
    ]);
    return {
      outcomes: counts(outcomes),
      documentsSubmitted: Number(submitted.count),
      documentReviews: counts(reviews),
      perDay: counts(perDay).map((entry) => ({ date: entry.label, count: entry.count })),
    };
  }
}
