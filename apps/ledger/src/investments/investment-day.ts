import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CURRENCIES, Currency, InvestmentDayReport } from '@portal/contracts';
import { Clock } from '@portal/config';
import { takeClusterLock } from '@portal/database';
import { Book } from '../book/book';
import { postAccruals, postMaturityPayouts } from '../book/post-investment-day';
import { SecurityDeposits } from '../security-deposits/security-deposits.service';
import { CancelInvestment } from './cancel-investment';
import { INVESTMENT_COLUMNS, InvestmentRow } from './investment-row';

/** One key for the whole cluster: a replica that finds it taken leaves the day to the one running it. */
export const INVESTMENT_DAY_LOCK = 'ledger:investment-day';

/**
 * The scheduled work of a business date, in one database transaction under a cluster-wide
 * advisory lock: every active investment accrues each day of its active period up to the
 * date that has not been accrued yet (catching up missed days), investments that reach
 * their maturity date are paid out (releasing the security deposits that secured them), and those left unfunded past their funding period are
 * cancelled. Accruals are keyed by (investment, day), payouts by (investment, type), so a
 * rerun, a second replica or a restart mid-run never posts anything twice. Set-based: the
 * work of 100,000 investments is a handful of statements. The day decides what is due;
 * book/post-investment-day writes the postings.
 */
@Injectable()
export class InvestmentDay {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly clock: Clock,
    private readonly cancellation: CancelInvestment,
    private readonly securityDeposits: SecurityDeposits,
  ) {}

  /**
   * Runs the clock's today (or the given date). The scheduler does not wait for a replica
   * already running it (null); an operator or a test waits its turn (`wait`).
   */
  async run(businessDate: string = this.clock.today(), options: { wait?: boolean } = {}): Promise<InvestmentDayReport | null> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await takeClusterLock(manager, INVESTMENT_DAY_LOCK, options))) return null;
      const at = this.clock.now();
      let accrued = 0;
      for (const currency of CURRENCIES) accrued += await this.accrue(manager, businessDate, currency, at);
      const matured = await this.mature(manager, businessDate, at);
      const expired = await this.expire(manager, businessDate);
      return { businessDate, accrued, matured, expired };
    });
  }

  /** Each not yet accrued day before the business date (and before maturity), as one transfer per currency. */
  private async accrue(manager: EntityManager, businessDate: string, currency: Currency, at: Date): Promise<number> {
    const [{ due }] = (await manager.query(
      `SELECT count(*)::int AS due FROM ledger.investments
       WHERE status = 'active' AND currency = $2 AND coalesce(accrued_through + 1, start_date) < least($1::date, maturity_date)`,
      [businessDate, currency],
    )) as { due: number }[];
    if (due === 0) return 0;
    return postAccruals(manager, this.book, { businessDate, currency, at });
  }

  /**
   * Investments whose maturity date has come are paid out (principal and accrued return to
   * the available balance, the fee charged from it); the security deposits that secured
   * them are released.
   */
  private async mature(manager: EntityManager, businessDate: string, at: Date): Promise<number> {
    const matured = await postMaturityPayouts(manager, { businessDate, at });
    if (matured.length === 0) return 0;
    await this.securityDeposits.unlockForMatured(manager, matured);
    return matured.length;
  }

  /** Awaiting funding past the last day of the funding period: cancelled, the funded part returned. */
  private async expire(manager: EntityManager, businessDate: string): Promise<number> {
    const rows = (await manager.query(`SELECT ${INVESTMENT_COLUMNS} FROM ledger.investments WHERE status = 'awaiting_funding' AND funding_deadline < $1 ORDER BY id FOR UPDATE`, [
      businessDate,
    ])) as InvestmentRow[];
    for (const row of rows) await this.cancellation.close(manager, row);
    return rows.length;
  }
}
