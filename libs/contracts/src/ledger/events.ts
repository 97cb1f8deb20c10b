import { IsBoolean, IsIn, IsISO8601, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { auditRecorded } from '../audit/audit-events';
import { defineEvent, defineStream } from '../common/messages';
import { CURRENCIES, Currency, DECIMAL_AMOUNT } from '@portal/domain-rules';
import { CardRequestEvents } from './cards';
import { InvestmentLifecycleEvent } from './investments';

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'investment', 'return', 'fee'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * A customer-facing transaction changed: requested, completed or rejected. Notification
 * turns these into in-app notifications and emails; the gateway pushes them to the
 * customer's browser as "transaction status changed".
 */
export class TransactionEvent {
  @IsUUID() transactionId: string;
  @IsUUID() userId: string;
  @IsIn(TRANSACTION_TYPES) type: TransactionType;
  @IsIn(TRANSACTION_STATUSES) status: TransactionStatus;
  /** DEP-..., WTH-..., INV-BANK-... (spec 02 §7). */
  @IsString() @MaxLength(64) reference: string;
  @Matches(DECIMAL_AMOUNT) amount: string;
  @IsIn(CURRENCIES) currency: Currency;
  /** The admin's reason when rejected. */
  @IsOptional() @IsString() @MaxLength(1000) reason?: string | null;
  @IsISO8601() occurredAt: string;
}

/** Investment Protection: a security deposit was created, locked or unlocked by an admin. */
export class SecurityDepositEvent {
  @IsUUID() securityDepositId: string;
  @IsUUID() userId: string;
  @Matches(DECIMAL_AMOUNT) amount: string;
  @IsIn(CURRENCIES) currency: Currency;
  @IsBoolean() locked: boolean;
  @IsOptional() @IsString() @MaxLength(500) lockReason?: string | null;
  @IsISO8601() occurredAt: string;
}

export const LedgerEvents = {
  depositRequested: defineEvent('ledger.deposit.requested.v1', TransactionEvent),
  depositCompleted: defineEvent('ledger.deposit.completed.v1', TransactionEvent),
  depositRejected: defineEvent('ledger.deposit.rejected.v1', TransactionEvent),
  withdrawalRequested: defineEvent('ledger.withdrawal.requested.v1', TransactionEvent),
  withdrawalCompleted: defineEvent('ledger.withdrawal.completed.v1', TransactionEvent),
  withdrawalRejected: defineEvent('ledger.withdrawal.rejected.v1', TransactionEvent),
  /** A payment by bank or Bitcoin, waiting for an admin to confirm the money arrived. */
  investmentRequested: defineEvent('ledger.investment.requested.v1', TransactionEvent),
  /** The money is in invested: paid from the balance, or confirmed by an admin. */
  investmentPaid: defineEvent('ledger.investment.paid.v1', TransactionEvent),
  investmentRejected: defineEvent('ledger.investment.rejected.v1', TransactionEvent),
  /** Fully funded: earning from its start date until its maturity date. */
  investmentActivated: defineEvent('ledger.investment.activated.v1', InvestmentLifecycleEvent),
  /** Principal and return paid to the available balance, fee charged. */
  investmentMatured: defineEvent('ledger.investment.matured.v1', InvestmentLifecycleEvent),
  /** Cancelled by the customer, or unfunded past the funding period; any funded part returned. */
  investmentCancelled: defineEvent('ledger.investment.cancelled.v1', InvestmentLifecycleEvent),
  securityDepositCreated: defineEvent('ledger.security-deposit.created.v1', SecurityDepositEvent),
  securityDepositLocked: defineEvent('ledger.security-deposit.locked.v1', SecurityDepositEvent),
  securityDepositUnlocked: defineEvent('ledger.security-deposit.unlocked.v1', SecurityDepositEvent),
  ...CardRequestEvents,
  auditRecorded: auditRecorded('ledger'),
} as const;

export const LEDGER_EVENTS_STREAM = defineStream('LEDGER_EVENTS', LedgerEvents);
