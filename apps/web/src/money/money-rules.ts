import { i18n } from '../i18n/i18n';
import { texts } from '../i18n/texts';
import {
  accountNumberProblem,
  BANK_DETAILS_MESSAGE_CODES,
  bankDetailsMessageParams,
  DEFAULT_MINIMUM_WITHDRAWAL,
  isPositiveAmount,
  validSwiftCode,
  type BankDetailsProblem,
} from '@portal/domain-rules';

/** The browser's mirror of spec 02 §5 (the server enforces the same rules). */
export const MoneyText = texts('money', [
  'missingFields',
  'depositAmount',
  'depositNotAllowed',
  'invalidAccountNumber',
  'numericAmount',
  'noCredit',
  'minimumWithdrawal',
  'insufficientBalance',
  'investmentMissing',
  'depositFailedDefault',
  'paymentFailed',
] as const);

/** A bank-details problem in the server's words (its code's text in the `server` catalogue), read when shown. */
function bankDetailsText(problem: BankDetailsProblem, value: string): string {
  return i18n.t(`server:${BANK_DETAILS_MESSAGE_CODES[problem]}`, bankDetailsMessageParams(problem, value));
}

/** What is wrong with a withdrawal's account number or IBAN, as the server would say it (bank-details.ts), or null. */
export function accountNumberMessage(value: string): string | null {
  const problem = accountNumberProblem(value);
  return problem ? bankDetailsText(problem, value) : null;
}

/** What is wrong with a SWIFT/BIC code, as the server would say it, or null. */
export function swiftCodeMessage(value: string): string | null {
  return validSwiftCode(value) ? null : bankDetailsText('swift_code', value);
}

/** The minimum's refusal: the spec's words for its $100, the same sentence for a configured one (as the server says it). */
export function minimumWithdrawalMessage(minimum: number): string {
  return minimum === DEFAULT_MINIMUM_WITHDRAWAL ? MoneyText.minimumWithdrawal : i18n.t('money:messages.minimumWithdrawalOf', { minimum });
}

/** The first withdrawal rule the amount breaks against the available balance and the configured minimum, or null. */
export function withdrawalAmountProblem(amount: string, available: number, minimum = DEFAULT_MINIMUM_WITHDRAWAL): string | null {
  if (!isPositiveAmount(amount)) return MoneyText.numericAmount;
  if (available <= 0) return MoneyText.noCredit;
  if (Number(amount) < minimum) return minimumWithdrawalMessage(minimum);
  if (Number(amount) > available) return MoneyText.insufficientBalance;
  return null;
}

export const INVESTMENT_PAYMENT_METHODS = ['bank', 'crypto', 'balance'] as const;
export type InvestmentPaymentMethod = (typeof INVESTMENT_PAYMENT_METHODS)[number];

/** What the public settings say about the payment rails (System Settings: feature toggles, crypto wallets). */
export interface PaymentRailSettings {
  featureToggles?: Partial<Record<string, boolean>>;
  bitcoinWalletAddress?: string | null;
}

/**
 * The investment payment methods the server accepts now, as it decides them: bank while
 * bank transfers are on, Bitcoin while crypto payments are on and a receiving wallet is
 * configured, the available balance always. A toggle not known yet counts as on (the
 * server's default); Bitcoin waits until the wallet is known.
 */
export function investmentPaymentMethods(settings: PaymentRailSettings | undefined): InvestmentPaymentMethod[] {
  const toggles = settings?.featureToggles ?? {};
  return INVESTMENT_PAYMENT_METHODS.filter((method) => {
    if (method === 'bank') return toggles.bank_transfers !== false;
    if (method === 'crypto') return toggles.crypto_payments !== false && Boolean(settings?.bitcoinWalletAddress);
    return true;
  });
}
