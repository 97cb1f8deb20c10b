import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Actor, InvestmentView, LedgerEvents } from '@portal/contracts';
import { Clock } from '@portal/config';
import { addToOutbox, ServiceError } from '@portal/messaging';
import { requireCustomer } from '../book/access';
import { Book } from '../book/book';
import { formatMinor } from '../book/money';
import { insertTransaction } from '../book/transactions';
import { newReference } from '../transactions/transaction-views';
import { INVESTMENT_COLUMNS, InvestmentRow, investmentView, lifecycleEvent } from './investment-row';

const TYPE_LABEL = { personal: 'Personal', corporate: 'Corporate', gipp: 'GIPP' } as const;

/**
 * An investment that will not be funded: cancelled by its customer while it awaits funding,
 * or by the daily run once its funding period is over. Whatever part was funded goes back
 * to the available balance (a completed `return` transaction, RFD-…). Payments by bank or
 * Bitcoin still waiting are left to the admin: confirmed later, they credit the balance.
 */
@Injectable()
export class CancelInvestment {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly clock: Clock,
  ) {}

  async byCustomer(actor: Actor, investmentId: string): Promise<InvestmentView> {
    requireCustomer(actor);
    return this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(`SELECT ${INVESTMENT_COLUMNS} FROM ledger.investments WHERE id = $1 FOR UPDATE`, [investmentId])) as InvestmentRow[];
      if (!row || row.user_id !== actor.userId) throw ServiceError.of(404, 'investment_not_found');
      if (row.status !== 'awaiting_funding') throw ServiceError.of(409, 'investment_cannot_cancel');
      return investmentView(await this.close(manager, row));
    });
  }

  /** Cancels a locked investment that awaits funding and returns its funded part. */
  async close(manager: EntityManager, row: InvestmentRow): Promise<InvestmentRow> {
    const today = this.clock.today();
    const at = this.clock.now();
    const [[cancelled]] = (await manager.query(
      `UPDATE ledger.investments SET status = 'cancelled', closed_on = $2, updated_at = now() WHERE id = $1 RETURNING ${INVESTMENT_COLUMNS}`,
      [row.id, today],
    )) as [InvestmentRow[], number];
    const funded = BigInt(row.funded);
    if (funded > 0n) {
      const currency = cancelled.currency.trim() as 'USD';
      const accounts = await this.book.customer(manager, row.user_id, currency);
      const refund = await insertTransaction(manager, {
        userId: row.user_id,
        type: 'return',
        status: 'completed',
        amount: funded,
        currency,
        method: 'balance',
        reference: newReference('RFD'),
        description: `Refund of ${formatMinor(funded)} ${currency} paid into a cancelled ${TYPE_LABEL[row.investment_type]} investment`,
        details: { investmentId: row.id, investmentType: row.investment_type },
        investmentId: row.id,
        at,
      });
      await this.book.post(manager, {
        kind: 'investment_refund',
        currency,
        transactionId: refund.id,
        legs: [
          { accountId: accounts.invested, amount: -funded },
          { accountId: accounts.available, amount: funded },
        ],
      });
    }
    await addToOutbox(manager, LedgerEvents.investmentCancelled, lifecycleEvent(cancelled, funded, at));
    return cancelled;
  }
}
