import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateIf,
  ValidationArguments,
  ValidationOptions,
} from 'class-validator';
import { AsMoneyText } from '../common/exact-numbers';
import { IsOmittable, IsPlainName } from '../common/validators';
import { defineCommand, EmptyPayload } from '../common/messages';
import { accountNumberProblem, BANK_DETAILS_MESSAGE_CODES, bankDetailsMessageParams, BankDetailsProblem, CURRENCIES, Currency, isPositiveAmount, userMessage, UserMessageCode, validAccountNumber, validSwiftCode } from '@portal/domain-rules';
import { PageLimit } from '../common/paging';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, TransactionStatus, TransactionType } from './events';
import { refusal, RefusalContext, refusalContext } from '../common/refusal';

/** Spec 02 §5 and §8, word for word. */
export const LEDGER_MESSAGES = {
  /** financial_limits.withdrawalRequiresKyc is on and the customer's KYC is not verified. */
  withdrawalRequiresKyc: 'Please complete KYC verification before requesting a withdrawal. Your KYC must be verified by our team.',
  missingFields: 'Please fill in all required fields.',
  depositAmount: 'Please enter a valid deposit amount greater than 0.',
  depositNotAllowed: 'Your investment application has not been approved.',
  invalidAccountNumber: 'Please enter a valid account number or IBAN format.',
  numericAmount: 'Please enter a valid numeric amount.',
  noCredit: 'Your investment account has no credit.',
  minimumWithdrawal: 'Minimum withdrawal amount is $100.',
  insufficientBalance: 'Your withdrawal amount exceeds your available balance.',
  withdrawalsDisabled: 'Withdrawals are currently disabled.',
  investmentMissing: 'Please select investment type and enter amount.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  noWallet: 'Crypto deposits are not available: no receiving wallet is configured.',
} as const;

export const PAYMENT_METHODS = ['bank', 'crypto', 'balance'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEPOSIT_METHODS = ['bank', 'crypto'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];
export const INVESTMENT_TYPES = ['personal', 'corporate', 'gipp'] as const;


export function IsPositiveAmount(options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'isPositiveAmount',
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: isPositiveAmount,
      },
    });
  };
}

/** Issue 28: the server's words for a problem of a withdrawal's bank details (bank-details.ts), from the registry of user messages. */
export function bankDetailsMessage(problem: BankDetailsProblem, value = ''): string {
  const code: UserMessageCode = BANK_DETAILS_MESSAGE_CODES[problem];
  return userMessage(code, bankDetailsMessageParams(problem, value));
}

/** The code (and values) of bankDetailsMessage's refusal, which validation sends with it. */
function bankDetailsRefusal(problem: BankDetailsProblem, value = ''): RefusalContext {
  return refusalContext(BANK_DETAILS_MESSAGE_CODES[problem], bankDetailsMessageParams(problem, value));
}

/** What is wrong with an account number; a value that is not text at all is the generic refusal. */
function accountNumberRefusal(value: unknown): RefusalContext {
  return typeof value === 'string' ? bankDetailsRefusal(accountNumberProblem(value) ?? 'account_number', value) : refusalContext('account_number_invalid');
}

/** An account number or IBAN as banks check it (bank-details.ts); the refusal says what is wrong with it. */
function IsAccountNumber(options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'isAccountNumber',
      target: target.constructor,
      propertyName,
      // The message depends on the value, so the context gives its code from the value too.
      options: { context: { refusalOf: accountNumberRefusal }, ...options },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && validAccountNumber(value),
        defaultMessage: ({ value }: ValidationArguments) => {
          const { code, params } = accountNumberRefusal(value);
          return userMessage(code, params);
        },
      },
    });
  };
}

/** A SWIFT/BIC code of 8 or 11 characters (bank-details.ts). */
function IsSwiftCode(options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'isSwiftCode',
      target: target.constructor,
      propertyName,
      options: { ...refusal(BANK_DETAILS_MESSAGE_CODES.swift_code), ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && validSwiftCode(value) },
    });
  };
}

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const required = refusal('required_fields_missing');

class IdempotentPayload {
  /** From the Idempotency-Key header; the gateway sets it, a body never does. */
  @IsOptional() @IsString() @MaxLength(255) idempotencyKey?: string;
}

export class RequestDepositPayload extends IdempotentPayload {
  @ApiProperty({ enum: DEPOSIT_METHODS })
  @IsIn(DEPOSIT_METHODS, refusal('deposit_method_invalid'))
  method: DepositMethod;

  @ApiProperty({ oneOf: [{ type: 'string', example: '5000.00' }, { type: 'number' }] })
  @AsMoneyText()
  @IsPositiveAmount(refusal('deposit_amount_invalid'))
  amount: string | number;

  @ApiPropertyOptional({ enum: CURRENCIES, default: 'USD' })
  @IsOmittable()
  @IsIn(CURRENCIES, refusal('currency_invalid', { currencies: CURRENCIES.join(', ') }))
  currency?: Currency;

  @ApiPropertyOptional({ description: 'Personal or Corporate / Business (bank deposits)' })
  @ValidateIf((payload: RequestDepositPayload) => payload.method !== 'crypto')
  @Transform(trimmed)
  @IsString(required)
  @IsNotEmpty(required)
  @MaxLength(100)
  accountType?: string;

  @ApiPropertyOptional()
  @ValidateIf((payload: RequestDepositPayload) => payload.method !== 'crypto')
  @Transform(trimmed)
  @IsString(required)
  @IsNotEmpty(required)
  @MaxLength(200)
  bankName?: string;

  @ApiPropertyOptional()
  @ValidateIf((payload: RequestDepositPayload) => payload.method !== 'crypto')
  @Transform(trimmed)
  @IsString(required)
  @IsNotEmpty(required)
  @MaxLength(500)
  bankAddress?: string;
}

export class RequestWithdrawalPayload extends IdempotentPayload {
  @ApiProperty() @Transform(trimmed) @IsString(required) @IsNotEmpty(required) @MaxLength(200) @IsPlainName() accountName: string;

  @ApiProperty({ description: "An IBAN (checked for its country's length and its mod-97 check digits) or an account number of 4 to 17 digits; spaces ignored", example: 'GB82 WEST 1234 5698 7654 32' })
  @Transform(trimmed)
  @IsString(required)
  @IsNotEmpty(required)
  @MaxLength(64)
  @IsAccountNumber()
  accountNumber: string;

  @ApiProperty() @Transform(trimmed) @IsString(required) @IsNotEmpty(required) @MaxLength(200) bankName: string;
  @ApiProperty() @Transform(trimmed) @IsString(required) @IsNotEmpty(required) @MaxLength(500) bankBranchAddress: string;
  @ApiProperty({ description: 'SWIFT/BIC code: 8 or 11 letters and digits (bank, country, location, optional branch)', example: 'DEUTDEFF' })
  @Transform(trimmed)
  @IsString(required)
  @IsNotEmpty(required)
  @MaxLength(20)
  @IsSwiftCode()
  swiftCode: string;

  @ApiProperty({ oneOf: [{ type: 'string', example: '1200.00' }, { type: 'number' }] })
  @IsNotEmpty(required)
  @AsMoneyText()
  @IsPositiveAmount(refusal('amount_not_numeric'))
  amount: string | number;

  @ApiPropertyOptional({ enum: CURRENCIES, default: 'USD' })
  @IsOmittable()
  @IsIn(CURRENCIES, refusal('currency_invalid', { currencies: CURRENCIES.join(', ') }))
  currency?: Currency;
}

export class PayInvestmentPayload extends IdempotentPayload {
  @ApiProperty({ format: 'uuid', description: 'The investment this payment funds (GET /api/v1/investments)' })
  @IsUUID('all', refusal('investment_choose'))
  investmentId: string;

  @ApiPropertyOptional({ enum: INVESTMENT_TYPES, deprecated: true, description: "Ignored: the type is the investment's" })
  @IsOmittable()
  @IsIn(INVESTMENT_TYPES, refusal('investment_payment_fields_required'))
  investmentType?: (typeof INVESTMENT_TYPES)[number];

  @ApiProperty({ oneOf: [{ type: 'string', example: '2000.00' }, { type: 'number' }] })
  @IsNotEmpty(refusal('investment_payment_fields_required'))
  @AsMoneyText()
  @IsPositiveAmount(refusal('amount_not_numeric'))
  amount: string | number;

  @ApiPropertyOptional({ enum: CURRENCIES, default: 'USD' })
  @IsOmittable()
  @IsIn(CURRENCIES, refusal('currency_invalid', { currencies: CURRENCIES.join(', ') }))
  currency?: Currency;

  @ApiProperty({ enum: PAYMENT_METHODS })
  @IsIn(PAYMENT_METHODS, refusal('payment_method_invalid'))
  paymentMethod: PaymentMethod;
}

export class ClientSummary {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
}

/** Four-eyes state of a pending withdrawal (financial_limits.fourEyesThreshold): shown to admins only. */
export class TransactionApprovals {
  @ApiProperty({ description: 'Approvals recorded so far' }) given: number;
  @ApiProperty({ description: '2 above the four-eyes threshold, otherwise 1' }) required: number;
  @ApiProperty({ type: [String], description: 'Ids of the admins who approved; a second approval must come from someone else' }) approvedBy: string[];
}

export class TransactionView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ enum: TRANSACTION_TYPES }) type: TransactionType;
  @ApiProperty({ enum: TRANSACTION_STATUSES }) status: TransactionStatus;
  @ApiProperty({ description: 'Signed: negative for money leaving the available balance', example: '-1200.00' }) amount: string;
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ enum: PAYMENT_METHODS }) method: PaymentMethod;
  @ApiProperty({ description: 'Bank Transfer, Crypto Transfer, Account Deduction ...' }) methodLabel: string;
  @ApiProperty() reference: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) details: Record<string, string>;
  @ApiPropertyOptional({ nullable: true, type: String }) reason: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiPropertyOptional({ type: ClientSummary, nullable: true }) client?: ClientSummary | null;
  @ApiPropertyOptional({ type: TransactionApprovals, description: 'Admin views of a pending withdrawal only' }) approvals?: TransactionApprovals;
}

export class TransactionPage {
  @ApiProperty({ type: [TransactionView] }) items: TransactionView[];
  @ApiProperty({ nullable: true, type: String }) nextCursor: string | null;
  @ApiProperty({ description: 'Matching transactions (counted once, on the first page; up to 1,000 when searching by text, date or method, see totalCapped)' }) total: number;
  @ApiProperty() totalCapped: boolean;
}

export class AmountByCurrency {
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty() amount: string;
}

export class BalanceView {
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ example: '3800.00' }) available: string;
  @ApiProperty() held: string;
  @ApiProperty() locked: string;
  @ApiProperty() totalInvested: string;
  @ApiProperty() totalReturns: string;
  @ApiProperty({ type: [AmountByCurrency], description: 'Available balance in each other currency the customer holds money in (never converted)' })
  otherCurrencies: AmountByCurrency[];
}

export class BalanceQuery {
  @ApiPropertyOptional({ enum: CURRENCIES, default: 'USD' })
  @IsOptional()
  @IsIn(CURRENCIES, refusal('currency_invalid', { currencies: CURRENCIES.join(', ') }))
  currency?: Currency;
}

/** The customer's four cards on the Deposits and Withdrawals screen. */
export class TransactionSummary {
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ description: 'Completed deposits' }) totalDeposits: string;
  @ApiProperty({ description: 'Completed withdrawals' }) totalWithdrawals: string;
  @ApiProperty({ description: 'Pending or processing transactions' }) pendingRequests: number;
  @ApiProperty() availableBalance: string;
  @ApiProperty({ description: 'False while the latest investment application is not approved (spec 02 §5 deposit gate)' }) depositsAllowed: boolean;
}

export class OwnTransactionsQuery {
  @ApiPropertyOptional({ enum: TRANSACTION_TYPES }) @IsOptional() @IsIn(TRANSACTION_TYPES) type?: TransactionType;
  @ApiPropertyOptional({ enum: TRANSACTION_STATUSES }) @IsOptional() @IsIn(TRANSACTION_STATUSES) status?: TransactionStatus;
  @ApiPropertyOptional({ description: 'nextCursor of the previous page' }) @IsOptional() @IsString() @MaxLength(200) cursor?: string;
  @PageLimit()
  limit?: number;
}

export class AdminTransactionsQuery extends OwnTransactionsQuery {
  @ApiPropertyOptional({ description: 'Client name or email, reference or description' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(200)
  q?: string;
  @ApiPropertyOptional({ enum: PAYMENT_METHODS }) @IsOptional() @IsIn(PAYMENT_METHODS) method?: PaymentMethod;
  @ApiPropertyOptional({ description: 'ISO date or timestamp, inclusive' }) @IsOptional() @IsISO8601({}, refusal('from_date_invalid')) from?: string;
  @ApiPropertyOptional({ description: 'ISO date or timestamp, exclusive' }) @IsOptional() @IsISO8601({}, refusal('to_date_invalid')) to?: string;
}

/** The export pages through the list in larger pages than the screen, never holding it all. */
export class AdminTransactionsPagePayload extends AdminTransactionsQuery {
  @IsOptional() @IsInt() @Min(1) @Max(2000) pageSize?: number;
  @IsOptional() @IsBoolean() skipTotal?: boolean;
}

/** The six tiles of All Transactions and the five of Deposit Management. */
export class TransactionStats {
  @ApiProperty() totalTransactions: number;
  @ApiProperty({ type: [AmountByCurrency], description: 'Sum of absolute amounts' }) totalVolume: AmountByCurrency[];
  @ApiProperty() completed: number;
  @ApiProperty({ description: 'Pending and processing' }) pending: number;
  @ApiProperty({ type: [AmountByCurrency] }) totalDeposits: AmountByCurrency[];
  @ApiProperty({ type: [AmountByCurrency] }) totalWithdrawals: AmountByCurrency[];
  @ApiProperty() depositCount: number;
  @ApiProperty() depositsCompleted: number;
  @ApiProperty() depositsPending: number;
  @ApiProperty({ type: [AmountByCurrency], description: 'Locked security deposits' }) securityDeposits: AmountByCurrency[];
}

export class TransactionIdPayload {
  @IsUUID('all', refusal('transaction_not_found')) id: string;
}

export class DecideTransactionPayload extends TransactionIdPayload {
  @IsIn(['approve', 'reject']) decision: 'approve' | 'reject';
  @IsOptional() @IsString() @MaxLength(1000) reason?: string;
}

/** A rejection says why: the customer reads it in the transaction, the notification and the email (issue 30). */
export const REJECTION_REASON_MESSAGE = userMessage('rejection_reason_required');

export class RejectTransactionBody {
  @ApiProperty({ description: 'Why it is rejected; told to the customer. Required and not blank.', maxLength: 1000 })
  @Transform(trimmed)
  @IsString(refusal('rejection_reason_required'))
  @IsNotEmpty(refusal('rejection_reason_required'))
  @MaxLength(1000)
  reason: string;
}

export const SECURITY_DEPOSIT_STATUSES = ['locked', 'unlocked'] as const;
export const DEFAULT_LOCK_REASON = 'Investment security requirement';
export const UNLOCK_REASON = 'Emergency unlock approved';
/** A security deposit created for an investment is released when that investment matures. */
export const MATURITY_UNLOCK_REASON = 'Investment matured';
export const RELOCK_REASON = 'Re-locked for security';

export class SecurityDepositView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() amount: string;
  @ApiProperty({ enum: CURRENCIES }) currency: Currency;
  @ApiProperty({ enum: SECURITY_DEPOSIT_STATUSES }) status: (typeof SECURITY_DEPOSIT_STATUSES)[number];
  @ApiPropertyOptional({ nullable: true, type: String }) lockReason: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, format: 'uuid', description: 'The investment it secures: it unlocks when that investment matures' }) investmentId?: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiPropertyOptional({ type: ClientSummary, nullable: true }) client?: ClientSummary | null;
}

export class SecurityDepositList {
  @ApiProperty({ type: [SecurityDepositView] }) items: SecurityDepositView[];
  @ApiProperty({ type: [AmountByCurrency], description: 'Sum of locked deposits' }) totalLocked: AmountByCurrency[];
  @ApiProperty() activeDeposits: number;
}

export class CreateSecurityDepositPayload extends IdempotentPayload {
  @ApiPropertyOptional({ format: 'uuid', description: 'The customer, by id; or give their email instead' })
  @ValidateIf((payload: CreateSecurityDepositPayload) => !payload.email)
  @IsUUID('all', refusal('customer_reference_required'))
  userId?: string;
  @ApiPropertyOptional({ description: 'The customer, by their email' })
  @IsOmittable()
  @Transform(trimmed)
  @IsString()
  @MaxLength(254)
  email?: string;
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'number' }] }) @AsMoneyText() @IsPositiveAmount(refusal('amount_positive')) amount: string | number;
  @ApiPropertyOptional({ enum: CURRENCIES, default: 'USD' }) @IsOmittable() @IsIn(CURRENCIES) currency?: Currency;
  @ApiPropertyOptional({ format: 'uuid', description: "One of the customer's investments awaiting funding or active: the deposit unlocks when it matures" })
  @IsOmittable()
  @IsUUID('all', refusal('investment_not_found'))
  investmentId?: string;
  @ApiPropertyOptional({ default: DEFAULT_LOCK_REASON }) @IsOmittable() @Transform(trimmed) @IsString() @MaxLength(500) lockReason?: string;
}

export class SetSecurityDepositLockPayload {
  @IsUUID('all', refusal('security_deposit_not_found')) id: string;
  @IsBoolean() locked: boolean;
}

export class LedgerDifference {
  @ApiProperty() kind: string;
  @ApiProperty() subject: string;
  @ApiProperty() expected: string;
  @ApiProperty() actual: string;
}

export class LedgerCheckReport {
  @ApiProperty() ok: boolean;
  @ApiProperty() checkedAt: string;
  @ApiProperty() transfers: number;
  @ApiProperty() entries: number;
  @ApiProperty() accounts: number;
  @ApiProperty({ type: [LedgerDifference] }) differences: LedgerDifference[];
}

export class SecurityDepositIdPayload {
  @IsUUID('all', refusal('security_deposit_not_found')) id: string;
}

/** Commands the ledger answers (queue group "ledger"). Admin commands check the role's `transactions` permission. */
export const LedgerCommands = {
  getBalance: defineCommand<BalanceQuery, BalanceView>('ledger.balance.get.v1', BalanceQuery),
  summary: defineCommand<BalanceQuery, TransactionSummary>('ledger.transaction.summary.v1', BalanceQuery),
  listOwnTransactions: defineCommand<OwnTransactionsQuery, TransactionPage>('ledger.transaction.list-own.v1', OwnTransactionsQuery),
  getTransaction: defineCommand<TransactionIdPayload, TransactionView>('ledger.transaction.get.v1', TransactionIdPayload),
  requestDeposit: defineCommand<RequestDepositPayload, TransactionView>('ledger.deposit.request.v1', RequestDepositPayload),
  requestWithdrawal: defineCommand<RequestWithdrawalPayload, TransactionView>('ledger.withdrawal.request.v1', RequestWithdrawalPayload),
  payInvestment: defineCommand<PayInvestmentPayload, TransactionView>('ledger.investment-payment.create.v1', PayInvestmentPayload),
  listTransactions: defineCommand<AdminTransactionsPagePayload, TransactionPage>('ledger.transaction.list.v1', AdminTransactionsPagePayload),
  transactionStats: defineCommand<EmptyPayload, TransactionStats>('ledger.transaction.stats.v1', EmptyPayload),
  decideTransaction: defineCommand<DecideTransactionPayload, TransactionView>('ledger.transaction.decide.v1', DecideTransactionPayload),
  listOwnSecurityDeposits: defineCommand<EmptyPayload, SecurityDepositList>('ledger.security-deposit.list-own.v1', EmptyPayload),
  listSecurityDeposits: defineCommand<EmptyPayload, SecurityDepositList>('ledger.security-deposit.list.v1', EmptyPayload),
  createSecurityDeposit: defineCommand<CreateSecurityDepositPayload, SecurityDepositView>('ledger.security-deposit.create.v1', CreateSecurityDepositPayload),
  setSecurityDepositLock: defineCommand<SetSecurityDepositLockPayload, SecurityDepositView>('ledger.security-deposit.set-lock.v1', SetSecurityDepositLockPayload),
  checkLedger: defineCommand<EmptyPayload, LedgerCheckReport>('ledger.check.run.v1', EmptyPayload),
} as const;
