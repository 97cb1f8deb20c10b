import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Currency, LedgerEvents } from '@portal/contracts';
import { Clock } from '@portal/config';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { addMonths } from './investment-dates';
import { INVESTMENT_COLUMNS, InvestmentRow, lifecycleEvent } from './investment-row';

/**
 * The funding side of an investment, inside the caller's posting transaction: a payment
 * claims part of what is left to pay (amount − funded − pending, so payments never add up
 * past the amount); money that arrived is counted as funded, and the day the funded amount
 * reaches the amount the investment starts earning.
 */
@Injectable()
export class InvestmentFunding {
  constructor(private readonly clock: Clock) {}

  /** The caller's investment, locked for this payment; refused when it cannot take this much. */
  async claim(manager: EntityManager, userId: string, investmentId: string, amount: bigint): Promise<InvestmentRow> {
    const [row] = (await manager.query(`SELECT ${INVESTMENT_COLUMNS} FROM ledger.investments WHERE id = $1 FOR UPDATE`, [investmentId])) as InvestmentRow[];
    if (!row || row.user_id !== userId) throw ServiceError.of(404, 'investment_not_found');
    if (row.status !== 'awaiting_funding') throw ServiceError.of(409, 'investment_not_awaiting_funding');
    if (amount > BigInt(row.amount) - BigInt(row.funded) - BigInt(row.pending)) throw ServiceError.of(409, 'investment_overpaid');
    return row;
  }

  /** A payment by bank or Bitcoin: its amount is set aside until an admin confirms the money arrived. */
  async reserve(manager: EntityManager, investmentId: string, amount: bigint): Promise<void> {
    await manager.query(`UPDATE ledger.investments SET pending = pending + $2, updated_at = now() WHERE id = $1`, [investmentId, amount.toString()]);
  }

  /**
   * An admin decided a payment by bank or Bitcoin. Approved while the investment still waits
   * for it: funded (true). Approved after it was cancelled: the money arrived but funds
   * nothing, so it belongs in the available balance (false). Rejected: only released.
   */
  async settle(manager: EntityManager, investmentId: string, amount: bigint, approved: boolean): Promise<boolean> {
    const [row] = (await manager.query(`SELECT ${INVESTMENT_COLUMNS} FROM ledger.investments WHERE id = $1 FOR UPDATE`, [investmentId])) as InvestmentRow[];
    if (!row) return false;
    await manager.query(`UPDATE ledger.investments SET pending = greatest(pending - $2, 0), updated_at = now() WHERE id = $1`, [investmentId, amount.toString()]);
    if (!approved || row.status !== 'awaiting_funding') return false;
    await this.fund(manager, investmentId, amount);
    return true;
  }

  /** Counts money now in the invested account; fully funded, the investment is active from today until today + its duration. */
  async fund(manager: EntityManager, investmentId: string, amount: bigint): Promise<void> {
    const [[row]] = (await manager.query(`UPDATE ledger.investments SET funded = funded + $2, updated_at = now() WHERE id = $1 RETURNING amount, funded, duration_months`, [
      investmentId,
      amount.toString(),
    ])) as [{ amount: string; funded: string; duration_months: number }[], number];
    if (BigInt(row.funded) < BigInt(row.amount)) return;
    const start = this.clock.today();
    const [[activated]] = (await manager.query(
      `UPDATE ledger.investments SET status = 'active', start_date = $2, maturity_date = $3, updated_at = now() WHERE id = $1 RETURNING ${INVESTMENT_COLUMNS}`,
      [investmentId, start, addMonths(start, row.duration_months)],
    )) as [InvestmentRow[], number];
    await addToOutbox(manager, LedgerEvents.investmentActivated, lifecycleEvent(activated, 0n, this.clock.now()));
  }

  currencyOf(row: InvestmentRow): Currency {
    return row.currency.trim() as Currency;
  }
}
