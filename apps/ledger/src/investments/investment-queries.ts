import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, InvestmentList } from '@portal/contracts';
import { adminRoleAllowsNow, PlatformSettings, ServiceError } from '@portal/messaging';
import { INVESTMENT_COLUMNS, InvestmentRow, investmentView } from './investment-row';

@Injectable()
export class InvestmentQueries {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PlatformSettings,
  ) {}

  async listOwn(actor: Actor): Promise<InvestmentList> {
    const rows = (await this.dataSource.query(`SELECT ${INVESTMENT_COLUMNS} FROM ledger.investments WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 500`, [
      actor.userId,
    ])) as InvestmentRow[];
    return { items: rows.map(investmentView), total: rows.length };
  }

  /** Investment Oversight's lifecycle columns: admins whose role has the investments permission. */
  async lookup(actor: Actor, investmentIds: string[]): Promise<InvestmentList> {
    if (actor.userType !== 'admin' || !actor.adminRole || !adminRoleAllowsNow(this.settings, actor.adminRole, 'investments')) {
      throw ServiceError.of(403, 'forbidden');
    }
    const rows = (await this.dataSource.query(`SELECT ${INVESTMENT_COLUMNS} FROM ledger.investments WHERE id = ANY($1::uuid[])`, [investmentIds])) as InvestmentRow[];
    return { items: rows.map(investmentView), total: rows.length };
  }
}
