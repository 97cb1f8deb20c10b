import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReportWindowPayload } from '@portal/contracts';
import { LabelCount, labelCounts } from '@portal/database';

/** The SQL behind kyc's figures: kyc.kyc_profiles and kyc.kyc_documents, read only. */
@Injectable()
export class BackOfficeFiguresQueries {
  constructor(private readonly dataSource: DataSource) {}

  /** Profiles by KYC status now, and the documents awaiting review. */
  async statuses(): Promise<{ pending: string; verified: string; rejected: string; documentsPending: string }> {
    const [[profiles], [documents]] = await Promise.all([
      this.dataSource.query(
        `SELECT count(*) FILTER (WHERE kyc_status = 'pending') AS pending,
                count(*) FILTER (WHERE kyc_status = 'verified') AS verified,
                count(*) FILTER (WHERE kyc_status = 'rejected') AS rejected
           FROM kyc.kyc_profiles`,
      ),
      this.dataSource.query(`SELECT count(*) AS pending FROM kyc.kyc_documents WHERE status = 'pending'`),
    ]);
    return { pending: profiles.pending, verified: profiles.verified, rejected: profiles.rejected, documentsPending: documents.pending };
  }

  /** Decisions by outcome and by day, documents submitted and reviews by outcome, in [from, to). */
  async decisions({ from, to }: ReportWindowPayload): Promise<{ outcomes: LabelCount[]; perDay: LabelCount[]; submitted: string; reviews: LabelCount[] }> {
    const parameters = [from, to];
    // A profile's last change is its KYC decision when it is no longer pending.
    const decided = `kyc_status <> 'pending' AND updated_at >= $1::timestamptz AND updated_at < $2::timestamptz`;
    const [outcomes, perDay, [submitted], reviews] = await Promise.all([
      labelCounts(this.dataSource, `SELECT kyc_status AS label, count(*) AS count FROM kyc.kyc_profiles WHERE ${decided} GROUP BY kyc_status ORDER BY kyc_status`, parameters),
      labelCounts(this.dataSource, `SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS label, count(*) AS count FROM kyc.kyc_profiles WHERE ${decided} GROUP BY 1 ORDER BY 1`, parameters),
      this.dataSource.query(`SELECT count(*) AS count FROM kyc.kyc_documents WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz`, parameters),
      labelCounts(
        this.dataSource,
        `SELECT status AS label, count(*) AS count FROM kyc.kyc_documents WHERE reviewed_at >= $1::timestamptz AND reviewed_at < $2::timestamptz AND status <> 'pending' GROUP BY status ORDER BY status`,
        parameters,
      ),
    ]);
    return { outcomes, perDay, submitted: submitted.count, reviews };
  }
}
