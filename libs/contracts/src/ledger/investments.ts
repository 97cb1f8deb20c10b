import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDateString, IsIn, IsISO8601, IsInt, IsOptional, IsUUID, Matches, Max, Min } from 'class-validator';
import { APPLICATION_TYPES, ApplicationType } from '../applications/events';
import { defineCommand, EmptyPayload } from '../common/messages';
import { CURRENCIES, Currency, DECIMAL_AMOUNT } from '@portal/domain-rules';
import { refusal } from '../common/refusal';

/**
 * An investment's life on the ledger (DESIGN.md "Investment lifecycle"): approved and
 * waiting for its money, earning, paid out, or cancelled before it was funded.
 */
export const INVESTMENT_STATUSES = ['awaiting_funding', 'active', 'matured', 'cancelled'] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];

/** Days an approved investment waits for its money before it is cancelled, unless financial_limits says otherwise. */
export const DEFAULT_INVESTMENT_FUNDING_DAYS = 30;

export const INVESTMENT_MESSAGES = {
  notFound: 'Investment not found',
  notAwaitingFunding: 'This investment is no longer waiting for payment.',
  overpaid: 'This payment is larger than what is left to pay on this investment.',
  cannotCancel: 'Only an investment that is still waiting for payment can be cancelled.',
  chooseInvestment: 'Please choose the investment this payment is for.',
} as const;

export class InvestmentView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ enum: APPLICATION_TYPES }) investmentType: ApplicationType;
  @ApiProperty({ example: '10000.00', description: 'The principal' }) amount: string;
  @ApiProperty({ example: '4000.00', description: 'Paid into the investment so far' }) fundedAmount: string;
  @ApiProperty({ example: '0.00', description: 'Payments by bank or Bitcoin waiting for an admin to confirm the money arrived' }) pendingAmount: string;
  @ApiProperty({ example: '6000.00', description: 'What can still be paid: amount − funded − pending' }) unfundedAmount: string;
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ enum: INVESTMENT_STATUSES }) status: InvestmentStatus;
  @ApiProperty({ nullable: true, type: String, example: '2026-11-29', description: 'The day it was fully funded' }) startDate: string | null;
  @ApiProperty({ nullable: true, type: String, example: '2027-05-29', description: 'Start date + duration' }) maturityDate: string | null;
  @ApiProperty({ nullable: true, type: String, example: '2026-12-29', description: 'While awaiting funding: the last day it can be paid before it is cancelled' })
  fundingDeadline: string | null;
  @ApiProperty() durationMonths: number;
  @ApiProperty({ description: 'Annual percent from roi_rates at approval', example: '15.00' }) expectedReturnRate: string;
  @ApiProperty({ description: 'Principal × rate × months / 12, fixed at approval', example: '750.00' }) expectedReturnAmount: string;
  @ApiProperty({ description: 'Annual percent from platform_fees at approval', example: '2.50' }) feeRate: string;
  @ApiProperty({ description: 'Principal × fee rate × months / 12, charged at maturity', example: '125.00' }) feeAmount: string;
  @ApiProperty({ description: 'Returns accrued so far (visible, not withdrawable until maturity)', example: '12.30' }) accruedReturn: string;
  @ApiProperty({ description: 'Paid to the available balance at maturity: principal + return − fee', example: '10625.00' }) netPayout: string;
  @ApiProperty() createdAt: string;
}

export class InvestmentList {
  @ApiProperty({ type: [InvestmentView] }) items: InvestmentView[];
  @ApiProperty() total: number;
}

export class InvestmentIdPayload {
  @IsUUID('all', refusal('investment_not_found')) investmentId: string;
}

export class InvestmentIdsPayload {
  @IsArray() @ArrayMaxSize(500) @IsUUID('all', { each: true }) investmentIds: string[];
}

/** What one run of the scheduled investment work did for a business date. */
export class InvestmentDayReport {
  @ApiProperty() businessDate: string;
  @ApiProperty({ description: 'Daily accruals posted' }) accrued: number;
  @ApiProperty() matured: number;
  @ApiProperty({ description: 'Cancelled as unfunded past the funding period' }) expired: number;
}

/** An investment changed state: activated (fully funded), matured (paid out) or cancelled. */
export class InvestmentLifecycleEvent {
  @IsUUID() investmentId: string;
  @IsUUID() userId: string;
  @IsIn(APPLICATION_TYPES) investmentType: ApplicationType;
  @IsIn(INVESTMENT_STATUSES) status: InvestmentStatus;
  @Matches(DECIMAL_AMOUNT) amount: string;
  @IsIn(CURRENCIES) currency: Currency;
  @Matches(DECIMAL_AMOUNT) returnAmount: string;
  @Matches(DECIMAL_AMOUNT) feeAmount: string;
  /** Matured: what reached the available balance (principal + return − fee). Cancelled: the funded part returned. */
  @Matches(DECIMAL_AMOUNT) paidOut: string;
  @IsOptional() @IsDateString({ strict: true }) startDate?: string | null;
  @IsOptional() @IsDateString({ strict: true }) maturityDate?: string | null;
  @IsInt() @Min(1) @Max(600) durationMonths: number;
  @IsISO8601() occurredAt: string;
}

export const LedgerInvestmentCommands = {
  listOwnInvestments: defineCommand<EmptyPayload, InvestmentList>('ledger.investment.list-own.v1', EmptyPayload),
  cancelInvestment: defineCommand<InvestmentIdPayload, InvestmentView>('ledger.investment.cancel.v1', InvestmentIdPayload),
  /** Admins with the investments permission: the lifecycle of these investments (Investment Oversight). */
  lookupInvestments: defineCommand<InvestmentIdsPayload, InvestmentList>('ledger.investment.lookup.v1', InvestmentIdsPayload),
} as const;
