import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReportWindowPayload } from '@portal/contracts';
import { LabelCount, labelCounts } from '@portal/database';

/** The SQL behind the applications service's figures: applications.applications and applications.investments, read only. */
@Injectable()
export class BackOfficeFiguresQueries {
  constructor(private readonly dataSource: DataSource) {}

  /** Investments by type, and the applications awaiting a decision. */
  async totals(): Promise<{ total: string; personal: string; corporate: string; gipp: string; pendingApprovals: string }> {
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
    return { total: investments.total, personal: investments.personal, corporate: investments.corporate, gipp: investments.gipp, pendingApprovals: applications.pending };
  }

  /** Applications submitted in [from, to): by type, by status, by day, and the amounts requested per currency (minor units). */
  async submitted({ from, to }: ReportWindowPayload): Promise<{ byType: LabelCount[]; byStatus: LabelCount[]; requested: { currency: string; amount: string }[]; perDay: LabelCount[] }> {
    const parameters = [from, to];
    // Drafts were never submitted: an application counts from its submission.
    const window = `status <> 'draft' AND submitted_at >= $1::timestamptz AND submitted_at < $2::timestamptz`;
    const [byType, byStatus, requested, perDay] = await Promise.all([
      labelCounts(this.dataSource, `SELECT application_type AS label, count(*) AS count FROM applications.applications WHERE ${window} GROUP BY 1 ORDER BY 1`, parameters),
      labelCounts(this.dataSource, `SELECT status AS label, count(*) AS count FROM applications.applications WHERE ${window} GROUP BY 1 ORDER BY 1`, parameters),
      this.dataSource.query(
        `SELECT currency, coalesce(sum(investment_amount_minor), 0) AS amount FROM applications.applications WHERE ${window} GROUP BY currency ORDER BY currency`,
        parameters,
      ),
      labelCounts(this.dataSource, `SELECT to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS label, count(*) AS count FROM applications.applications WHERE ${window} GROUP BY 1 ORDER BY 1`, parameters),
    ]);
    return { byType, byStatus, requested, perDay };
  }
}
