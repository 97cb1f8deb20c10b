import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReportWindowPayload } from '@portal/contracts';
import { LabelCount, labelCounts } from '@portal/database';

/** Live accounts (not deleted) counted by status and type, as PostgreSQL answers them (bigint as text). */
export interface AccountCounts {
  total: string;
  active: string;
  suspended: string;
  pending: string;
  customers: string;
  admins: string;
}

/** The SQL behind identity's figures: identity.users, read only, deleted accounts left out. */
@Injectable()
export class BackOfficeFiguresQueries {
  constructor(private readonly dataSource: DataSource) {}

  async accounts(): Promise<AccountCounts> {
    const [row] = await this.dataSource.query(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE user_status = 'active') AS active,
              count(*) FILTER (WHERE user_status = 'suspended') AS suspended,
              count(*) FILTER (WHERE user_status = 'pending') AS pending,
              count(*) FILTER (WHERE user_type = 'customer') AS customers,
              count(*) FILTER (WHERE user_type = 'admin') AS admins
         FROM identity.users WHERE deleted_at IS NULL`,
    );
    return row;
  }

  /** Accounts created in [from, to) by type, by status and by day. */
  async newAccounts({ from, to }: ReportWindowPayload): Promise<{ byType: LabelCount[]; byStatus: LabelCount[]; perDay: LabelCount[] }> {
    const window = `deleted_at IS NULL AND created_at >= $1::timestamptz AND created_at < $2::timestamptz`;
    const parameters = [from, to];
    const [byType, byStatus, perDay] = await Promise.all([
      labelCounts(this.dataSource, `SELECT user_type AS label, count(*) AS count FROM identity.users WHERE ${window} GROUP BY user_type ORDER BY user_type`, parameters),
      labelCounts(this.dataSource, `SELECT user_status AS label, count(*) AS count FROM identity.users WHERE ${window} GROUP BY user_status ORDER BY user_status`, parameters),
      labelCounts(
        this.dataSource,
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS label, count(*) AS count FROM identity.users WHERE ${window} GROUP BY 1 ORDER BY 1`,
        parameters,
      ),
    ]);
    return { byType, byStatus, perDay };
  }
}
