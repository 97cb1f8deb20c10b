import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '@portal/config';
import { Actor, Currency, DecideTransactionPayload, LedgerEvents, RequestMeta, TransactionView } from '@portal/contracts';
import { addToOutbox, fieldRefusal, PlatformSettings, ServiceError } from '@portal/messaging';
import { recordAdminAction, requireMoneyAdmin, sanitise } from '../../book/access';
import { Book, transfer } from '../../book/book';
import { formatMinor } from '../../book/money';
import { recordDecision } from '../../book/transactions';
import { InvestmentFunding } from '../../investments/investment-funding';
import { addApproval, approversOf, fourEyesThreshold, withApprovals } from '../four-eyes';
import { TransactionRow, transactionEvent, transactionView } from '../transaction-views';
import { TransactionsRepository } from '../transactions.repository';

/** Approve: deposit credited, withdrawal paid out, investment completed. Reject: failed, holds released. */
@Injectable()
export class DecideTransaction {
  constructor(
    private readonly dataSource: DataSource,
    private readonly book: Book,
    private readonly settings: PlatformSettings,
    private readonly funding: InvestmentFunding,
    private readonly transactions: TransactionsRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, meta: RequestMeta, payload: DecideTransactionPayload): Promise<TransactionView> {
    requireMoneyAdmin(actor, this.settings);
    const approve = payload.decision === 'approve';
    const reason = sanitise(payload.reason) || null;
    // The customer is told why: a rejection without a reason changes nothing (issue 30).
    if (!approve && !reason) throw ServiceError.of(400, 'rejection_reason_required', { details: [fieldRefusal('reason', 'rejection_reason_required')] });
    return this.dataSource.transaction(async (manager) => {
      const row = await this.transactions.findForDecision(manager, payload.id);
      if (!row) throw ServiceError.of(404, 'transaction_not_found');
      if (row.status !== 'pending' && row.status !== 'processing') throw ServiceError.of(409, 'already_decided', { params: { status: row.status } });
      if (!['deposit', 'withdrawal', 'investment'].includes(row.type)) throw ServiceError.of(409, 'not_admin_decided');
      const currency = row.currency.trim() as Currency;
      const amount = BigInt(row.amount);
      if (row.type === 'withdrawal' && approve && amount > fourEyesThreshold(this.settings)) {
        const waiting = await this.recordApproval(manager, meta, actor, row, amount, currency);
        if (waiting) return waiting;
      }
      await this.move(manager, row, approve, amount, currency);
      const decided = await recordDecision(manager, row.id, { approve, reason, decidedBy: actor.userId, at: this.clock.now() });
      const event = transactionEvent(decided);
      if (row.type === 'deposit') await addToOutbox(manager, approve ? LedgerEvents.depositCompleted : LedgerEvents.depositRejected, event);
      if (row.type === 'withdrawal') await addToOutbox(manager, approve ? LedgerEvents.withdrawalCompleted : LedgerEvents.withdrawalRejected, event);
      // Paid only now that the money is in invested; a rejected payment is announced as such.
      if (row.type === 'investment') await addToOutbox(manager, approve ? LedgerEvents.investmentPaid : LedgerEvents.investmentRejected, event);
      await recordAdminAction(manager, meta, {
        actionType: `${row.type}_${approve ? 'approved' : 'rejected'}`,
        targetType: 'transaction',
        targetId: row.id,
        description: `${approve ? 'Approved' : 'Rejected'} ${row.type} ${row.reference} of ${formatMinor(amount)} ${currency}`,
        metadata: { reference: row.reference, userId: row.user_id, amount: formatMinor(amount), currency, ...(reason && !approve ? { reason } : {}) },
      });
      return transactionView(decided);
    });
  }

  /** The decision's postings in the book (a rejected deposit or investment payment moved nothing yet). */
  private async move(manager: EntityManager, row: TransactionRow, approve: boolean, amount: bigint, currency: Currency): Promise<void> {
    const accounts = await this.book.customer(manager, row.user_id, currency);
    const incoming = await this.book.system(manager, row.method === 'crypto' ? 'incoming_crypto' : 'incoming_bank', currency);
    if (row.type === 'deposit' && approve) {
      await this.book.post(manager, { kind: 'deposit', currency, transactionId: row.id, legs: transfer(incoming, accounts.available, amount) });
    } else if (row.type === 'withdrawal') {
      const target = approve ? await this.book.system(manager, 'payouts', currency) : accounts.available;
      await this.book.post(manager, {
        kind: approve ? 'withdrawal_payout' : 'withdrawal_release',
        currency,
        transactionId: row.id,
        legs: transfer(accounts.held, target, amount),
      });
    } else if (row.type === 'investment' && row.investment_id) {
      // Funds its investment while it still waits for the money; after a cancellation it lands in the available balance.
      const funds = await this.funding.settle(manager, row.investment_id, amount, approve);
      if (approve) {
        await this.book.post(manager, {
          kind: funds ? 'investment_received' : 'investment_received_unplaced',
          currency,
          transactionId: row.id,
          legs: transfer(incoming, funds ? accounts.invested : accounts.available, amount),
        });
      }
    } else if (row.type === 'investment' && approve) {
      await this.book.post(manager, { kind: 'investment_received', currency, transactionId: row.id, legs: transfer(incoming, accounts.invested, amount) });
    }
  }

  /**
   * Four-eyes: stores this admin's approval. The first approval leaves the withdrawal
   * pending (returned, audited); the same admin again is refused; a different admin's
   * approval lets the payout go ahead (null).
   */
  private async recordApproval(manager: EntityManager, meta: RequestMeta, actor: Actor, row: TransactionRow, amount: bigint, currency: Currency): Promise<TransactionView | null> {
    const approvers = await approversOf(manager, row.id);
    if (approvers.includes(actor.userId)) throw ServiceError.of(409, 'second_approval_required');
    await addApproval(manager, row.id, actor.userId);
    if (approvers.length > 0) return null;
    await recordAdminAction(manager, meta, {
      actionType: 'withdrawal_first_approval',
      targetType: 'transaction',
      targetId: row.id,
      description: `First approval of withdrawal ${row.reference} of ${formatMinor(amount)} ${currency}; a second administrator must approve it`,
      metadata: { reference: row.reference, userId: row.user_id, amount: formatMinor(amount), currency, approvals: 1 },
    });
    const [view] = await withApprovals(manager, this.settings, [transactionView(row)]);
    return view;
  }
}
