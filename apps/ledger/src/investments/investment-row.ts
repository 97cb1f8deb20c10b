import { ApplicationType, Currency, InvestmentLifecycleEvent, InvestmentStatus, InvestmentView } from '@portal/contracts';
import { formatMinor } from '../book/money';

/** A row of ledger.investments as the queries here select it (bigint and date columns come back as strings). */
export interface InvestmentRow {
  id: string;
  application_id: string;
  user_id: string;
  investment_type: ApplicationType;
  currency: string;
  amount: string;
  funded: string;
  pending: string;
  duration_months: number;
  return_rate: string;
  expected_return: string;
  fee_rate: string;
  fee: string;
  accrued: string;
  status: InvestmentStatus;
  funding_deadline: string;
  start_date: string | null;
  maturity_date: string | null;
  created_at: Date;
}

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD') AS ${column}`;

export const INVESTMENT_COLUMNS = [
  'id',
  'application_id',
  'user_id',
  'investment_type',
  'currency',
  'amount',
  'funded',
  'pending',
  'duration_months',
  'return_rate',
  'expected_return',
  'fee_rate',
  'fee',
  'accrued',
  'status',
  DATE('funding_deadline'),
  DATE('start_date'),
  DATE('maturity_date'),
  'created_at',
].join(', ');

export function investmentView(row: InvestmentRow): InvestmentView {
  const amount = BigInt(row.amount);
  const funded = BigInt(row.funded);
  const pending = BigInt(row.pending);
  const awaiting = row.status === 'awaiting_funding';
  return {
    id: row.id,
    applicationId: row.application_id,
    userId: row.user_id,
    investmentType: row.investment_type,
    amount: formatMinor(amount),
    fundedAmount: formatMinor(funded),
    pendingAmount: formatMinor(pending),
    unfundedAmount: formatMinor(awaiting ? amount - funded - pending : 0n),
    currency: row.currency.trim() as Currency,
    status: row.status,
    startDate: row.start_date,
    maturityDate: row.maturity_date,
    fundingDeadline: awaiting ? row.funding_deadline : null,
    durationMonths: row.duration_months,
    expectedReturnRate: Number(row.return_rate).toFixed(2),
    expectedReturnAmount: formatMinor(row.expected_return),
    feeRate: Number(row.fee_rate).toFixed(2),
    feeAmount: formatMinor(row.fee),
    accruedReturn: formatMinor(row.accrued),
    netPayout: formatMinor(amount + BigInt(row.expected_return) - BigInt(row.fee)),
    createdAt: row.created_at.toISOString(),
  };
}

export function lifecycleEvent(row: InvestmentRow, paidOut: bigint, at: Date): InvestmentLifecycleEvent {
  return {
    investmentId: row.id,
    userId: row.user_id,
    investmentType: row.investment_type,
    status: row.status,
    amount: formatMinor(row.amount),
    currency: row.currency.trim() as Currency,
    returnAmount: formatMinor(row.status === 'matured' ? row.accrued : row.expected_return),
    feeAmount: formatMinor(row.fee),
    paidOut: formatMinor(paidOut),
    startDate: row.start_date,
    maturityDate: row.maturity_date,
    durationMonths: row.duration_months,
    occurredAt: at.toISOString(),
  };
}
