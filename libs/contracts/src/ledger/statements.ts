import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { APPLICATION_TYPES, ApplicationType } from '../applications/events';
import { defineCommand } from '../common/messages';
import { CURRENCIES, Currency, USER_MESSAGES } from '@portal/domain-rules';
import { INVESTMENT_STATUSES, InvestmentStatus } from './investments';
import { refusal } from '../common/refusal';

/**
 * Issue 28: a monthly statement of the customer's available balance in one currency, built
 * from the ledger's entries (opening balance, every posting of the month, closing balance)
 * with the customer's investments in that currency and their accrued returns.
 */

/** A calendar month, YYYY-MM (UTC). */
export const STATEMENT_MONTH = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

export const STATEMENT_MESSAGES = {
  monthInvalid: USER_MESSAGES.statement_month_invalid,
  monthInFuture: USER_MESSAGES.statement_month_in_future,
  customersOnly: USER_MESSAGES.statement_customers_only,
} as const;

/** The query of GET /api/v1/statements/:month. */
export class StatementQuery {
  @ApiPropertyOptional({ enum: CURRENCIES, default: 'USD' })
  @IsOptional()
  @IsIn(CURRENCIES, refusal('currency_invalid', { currencies: CURRENCIES.join(', ') }))
  currency?: Currency;
}

export class MonthlyStatementPayload extends StatementQuery {
  @ApiProperty({ example: '2026-04', description: 'The calendar month (UTC): the current month gives the statement to date' })
  @IsString(refusal('statement_month_invalid'))
  @Matches(STATEMENT_MONTH, refusal('statement_month_invalid'))
  month: string;
}

export class StatementCustomer {
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

export class StatementPeriod {
  @ApiProperty({ example: '2026-04-01', description: 'First day of the month' }) from: string;
  @ApiProperty({ example: '2026-04-30', description: 'Last day of the month, or today for the current month' }) to: string;
}

/** One posting of the month on the available balance (a transfer, its entries on that account summed). */
export class StatementLine {
  @ApiProperty({ description: 'When the posting was made (ISO timestamp)' }) date: string;
  @ApiProperty({ description: "The transaction's reference; empty for a posting without one (a security deposit unlocked)" }) reference: string;
  @ApiProperty({ description: "The transaction's type (deposit, withdrawal, investment, return, fee), or the posting's kind when it has no transaction" }) type: string;
  @ApiProperty() description: string;
  @ApiProperty({ example: '-1200.00', description: 'Signed: negative for money leaving the available balance' }) amount: string;
  @ApiProperty({ example: '3800.00', description: 'The available balance after this posting' }) balance: string;
}

export class StatementInvestment {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: APPLICATION_TYPES }) investmentType: ApplicationType;
  @ApiProperty({ enum: INVESTMENT_STATUSES, description: 'As it was at the end of the period' }) status: InvestmentStatus;
  @ApiProperty({ example: '10000.00' }) amount: string;
  @ApiProperty({ example: '10000.00' }) fundedAmount: string;
  @ApiProperty({ example: '12.30', description: 'Returns accrued up to the end of the period' }) accruedReturn: string;
  @ApiProperty({ example: '750.00' }) expectedReturnAmount: string;
  @ApiProperty({ nullable: true, type: String, example: '2027-05-29' }) maturityDate: string | null;
}

export class MonthlyStatement {
  @ApiProperty({ description: 'The platform name of the general settings, for the heading' }) platformName: string;
  @ApiPropertyOptional({ type: StatementCustomer, nullable: true, description: 'Filled in by the gateway from identity; absent when it could not be read' })
  customer?: StatementCustomer | null;
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ example: '2026-04' }) month: string;
  @ApiProperty({ type: StatementPeriod }) period: StatementPeriod;
  @ApiProperty({ description: 'The current month: the statement runs to the moment it was made' }) toDate: boolean;
  @ApiProperty({ description: 'When the statement was made (ISO timestamp)' }) generatedAt: string;
  @ApiProperty({ example: '2500.00' }) openingBalance: string;
  @ApiProperty({ example: '3800.00' }) closingBalance: string;
  @ApiProperty({ example: '5000.00', description: 'Sum of the positive lines' }) totalIn: string;
  @ApiProperty({ example: '3700.00', description: 'Sum of the negative lines, as a positive amount' }) totalOut: string;
  @ApiProperty({ type: [StatementLine], description: 'Oldest first' }) lines: StatementLine[];
  @ApiProperty({ type: [StatementInvestment] }) investments: StatementInvestment[];
}

/** The ledger's statement commands (queue group "ledger"); customers only, each of their own money. */
export const LedgerStatementCommands = {
  monthlyStatement: defineCommand<MonthlyStatementPayload, MonthlyStatement>('ledger.statement.monthly.v1', MonthlyStatementPayload),
} as const;
