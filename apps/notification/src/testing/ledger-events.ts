import { randomUUID } from 'node:crypto';
import { InvestmentLifecycleEvent, TransactionEvent } from '@portal/contracts';

/** A completed deposit of 1,500.00 USD as the ledger announces it; override any field for other transactions. */
export function transactionEvent(userId: string, overrides: Partial<TransactionEvent> = {}): TransactionEvent {
  return {
    transactionId: randomUUID(),
    userId,
    type: 'deposit',
    status: 'completed',
    reference: `DEP-${Date.now()}`,
    amount: '1500.00',
    currency: 'USD',
    reason: null,
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

/**
 * A 10,000.00 USD personal investment over 6 months as the ledger announces its matured
 * payout (750.00 return, 125.00 fee, 10,625.00 to the available balance); override any
 * field for the activated and cancelled events.
 */
export function investmentLifecycleEvent(userId: string, overrides: Partial<InvestmentLifecycleEvent> = {}): InvestmentLifecycleEvent {
  return {
    investmentId: randomUUID(),
    userId,
    investmentType: 'personal',
    status: 'matured',
    amount: '10000.00',
    currency: 'USD',
    returnAmount: '750.00',
    feeAmount: '125.00',
    paidOut: '10625.00',
    startDate: '2026-11-29',
    maturityDate: '2027-05-29',
    durationMonths: 6,
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}
