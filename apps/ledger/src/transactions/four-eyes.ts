import { TransactionApprovals, TransactionView } from '@portal/contracts';
import { PlatformSettings } from '@portal/messaging';
import { EntityManager } from 'typeorm';
import { toMinor } from '../book/money';

export const SAME_ADMIN_SECOND_APPROVAL = 'You have already approved this withdrawal. A second, different administrator must approve it before it is paid.';

/** financial_limits.fourEyesThreshold's default (dollars) until the setting is known. */
const DEFAULT_FOUR_EYES_THRESHOLD = 10_000;

/** Withdrawals above this many minor units need two different admins' approvals. */
export function fourEyesThreshold(settings: PlatformSettings): bigint {
  const configured = Number(settings.get<{ fourEyesThreshold?: number }>('financial_limits')?.fourEyesThreshold);
  return toMinor(Number.isFinite(configured) && configured >= 0 ? configured : DEFAULT_FOUR_EYES_THRESHOLD);
}

const awaitingDecision = (view: TransactionView) => view.type === 'withdrawal' && (view.status === 'pending' || view.status === 'processing');

/**
 * Admin views of pending withdrawals with their approvals so far and how many they need, so
 * the Transaction Control page can say "1 of 2" and who must not approve again.
 */
export async function withApprovals(manager: EntityManager, settings: PlatformSettings, views: TransactionView[]): Promise<TransactionView[]> {
  const pending = views.filter(awaitingDecision);
  if (pending.length === 0) return views;
  const rows: { transaction_id: string; admin_id: string }[] = await manager.query(
    `SELECT transaction_id, admin_id FROM ledger.withdrawal_approvals WHERE transaction_id = ANY($1::uuid[]) ORDER BY approved_at, admin_id`,
    [pending.map((view) => view.id)],
  );
  const threshold = fourEyesThreshold(settings);
  return views.map((view) => {
    if (!awaitingDecision(view)) return view;
    const approvedBy = rows.filter((row) => row.transaction_id === view.id).map((row) => row.admin_id);
    // Withdrawal amounts are shown negative; the threshold is on their size.
    const required = toMinor(view.amount.replace(/^-/, '')) > threshold ? 2 : 1;
    const approvals: TransactionApprovals = { given: approvedBy.length, required, approvedBy };
    return { ...view, approvals };
  });
}

/** The admins who approved the withdrawal so far. */
export async function approversOf(manager: EntityManager, transactionId: string): Promise<string[]> {
  const approvals: { admin_id: string }[] = await manager.query(`SELECT admin_id FROM ledger.withdrawal_approvals WHERE transaction_id = $1`, [transactionId]);
  return approvals.map((approval) => approval.admin_id);
}

export async function addApproval(manager: EntityManager, transactionId: string, adminId: string): Promise<void> {
  await manager.query(`INSERT INTO ledger.withdrawal_approvals (transaction_id, admin_id) VALUES ($1, $2)`, [transactionId, adminId]);
}
