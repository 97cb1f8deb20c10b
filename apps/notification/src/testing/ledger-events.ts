import { randomUUID } from 'node:crypto';
import { TransactionEvent } from '@portal/contracts';

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
