import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Actor,
  IdentityBackOfficeCommands,
  IdentityReport,
  IdentityStats,
  ReportWindowPayload,
  reportWindowCode,
} from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand, ServiceError, requireAnyAdmin } from '@portal/messaging';

/** Any admin may read the back office's figures (the overview is every admin's landing page). */
const count = (rows: { label: string; count: string }[]) => rows.map((row) => ({ label: row.label, count: Number(row.count) }));

/** Identity's own figures for the admin overview and reports: accounts by status, type and age. */
@Controller()
export class BackOfficeFiguresController {
  constructor(private readonly dataSource: DataSource) {}

  @HandlesCommand(IdentityBackOfficeCommands.stats)
  async stats(@CommandActor() actor: Actor): Promise<IdentityStats> {
    requireAnyAdmin(actor);
    const [row] = await this.dataSource.query(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE user_status = 'active') AS active,
              count(*) FILTER (WHERE user_status = 'suspended') AS suspended,
              count(*) FILTER (WHERE user_status = 'pending') AS pending,
              count(*) FILTER (WHERE user_type = 'customer') AS customers,
              count(*) FILTER (WHERE user_type = 'admin') AS admins
         FROM identity.users WHERE deleted_at IS NULL`,
    );
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
    const window = `deleted_at IS NULL AND created_at >= $1::timestamptz AND created_at < $2::timestamptz`;
    const parameters = [payload.from, payload.to];
    const [byType, byStatus, perDay] = await Promise.all([
      this.dataSource.query(`SELECT user_type AS label, count(*) AS count FROM identity.users WHERE ${window} GROUP BY user_type ORDER BY user_type`, parameters),
      this.dataSource.query(`SELECT user_status AS label, count(*) AS count FROM identity.users WHERE ${window} GROUP BY user_status ORDER BY user_status`, parameters),
      this.dataSource.query(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS label, count(*) AS count FROM identity.users WHERE ${window} GROUP BY 1 ORDER BY 1`,
        parameters,
      ),
    ]);
    const types = count(byType);
    return {
      newUsers: types.reduce((total, entry) => total + entry.count, 0),
      byType: types,
      byStatus: count(byStatus),
      perDay: count(perDay).map((entry) => ({ date: entry.label, count: entry.count })),
    };
  }
}
