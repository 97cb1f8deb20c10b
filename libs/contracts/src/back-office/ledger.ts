import { ApiProperty } from '@nestjs/swagger';
import { defineCommand, EmptyPayload } from '../common/messages';
import { CURRENCIES, Currency } from '@portal/domain-rules';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, TransactionStatus, TransactionType } from '../ledger/events';
import { AmountByCurrency, TransactionView } from '../ledger/commands';
import { ReportWindowPayload } from './period';

/** The Earnings Report of one currency: from the book, never estimated. */
export class EarningsFigures {
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ description: 'Held in customers’ invested accounts' }) totalInvested: string;
  @ApiProperty({ description: 'Returns paid to customers' }) totalReturns: string;
  @ApiProperty({ description: 'Fees posted to the platform’s fee account' }) platformFees: string;
  @ApiProperty({ description: 'Returns over invested, percent with one decimal; 0 when nothing is invested', example: 12.5 }) roiRate: number;
}

export class LedgerStats {
  @ApiProperty({ type: [AmountByCurrency], description: 'Security deposits locked now' }) lockedTotal: AmountByCurrency[];
  @ApiProperty() lockedDeposits: number;
  @ApiProperty({ type: [EarningsFigures] }) earnings: EarningsFigures[];
  @ApiProperty({ type: [TransactionView], description: 'The five newest transactions, with their clients' }) latest: TransactionView[];
}

/** Transactions created within the window, grouped. */
export class TransactionVolume {
  @ApiProperty({ enum: TRANSACTION_TYPES }) type: TransactionType;
  @ApiProperty({ enum: TRANSACTION_STATUSES }) status: TransactionStatus;
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty() count: number;
  @ApiProperty({ description: 'Sum of amounts (absolute)' }) amount: string;
}

export class DailyVolume {
  @ApiProperty({ example: '2026-11-23' }) date: string;
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty() deposits: string;
  @ApiProperty() withdrawals: string;
  @ApiProperty() investments: string;
  @ApiProperty() count: number;
}

export class LedgerReport {
  @ApiProperty() transactions: number;
  @ApiProperty({ type: [TransactionVolume] }) volumes: TransactionVolume[];
  @ApiProperty({ type: [AmountByCurrency], description: 'Fees posted in the window' }) fees: AmountByCurrency[];
  @ApiProperty({ type: [AmountByCurrency], description: 'Sum of absolute amounts of every transaction in the window' }) totalVolume: AmountByCurrency[];
  @ApiProperty({ type: [DailyVolume] }) perDay: DailyVolume[];
}

export const LedgerBackOfficeCommands = {
  stats: defineCommand<EmptyPayload, LedgerStats>('ledger.back-office.stats.v1', EmptyPayload),
  report: defineCommand<ReportWindowPayload, LedgerReport>('ledger.back-office.report.v1', ReportWindowPayload),
} as const;
