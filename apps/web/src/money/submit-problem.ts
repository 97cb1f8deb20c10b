import { isApiError, serverMessage } from '../api/api-error';
import { texts } from '../i18n/texts';

const SubmitText = texts('money', ['signInToDeposit'] as const);
const WithdrawalTitles = texts('money', ['noCredit', 'insufficientBalance', 'invalidAccountNumber', 'invalidSwiftCode', 'missingInformation'] as const, 'withdraw.titles');

/**
 * Spec 02 §5's title for a withdrawal the server refused ('Insufficient Balance: ...'),
 * by the refusal's code or field; `fallback` (Withdrawal Failed) for anything else.
 */
export function withdrawalRefusalTitle(error: unknown, fallback: string): string {
  if (!isApiError(error) || !error.fromServer) return fallback;
  if (error.code === 'no_credit') return WithdrawalTitles.noCredit;
  if (error.code === 'insufficient_balance') return WithdrawalTitles.insufficientBalance;
  const fields = (error.details ?? []).map((detail) => detail.field);
  if (fields.includes('accountNumber')) return WithdrawalTitles.invalidAccountNumber;
  // A SWIFT/BIC code given but not of the standard shape (issue 28); an empty one is missing information.
  if ((error.details ?? []).some((detail) => detail.field === 'swiftCode' && detail.code === 'swift_code_invalid')) return WithdrawalTitles.invalidSwiftCode;
  if (error.status === 400 && fields.some((field) => ['accountName', 'bankName', 'swiftCode', 'bankBranchAddress'].includes(field))) return WithdrawalTitles.missingInformation;
  return fallback;
}

/** Spec 02 §8 error catalogue: the gateway's words when it sent some, else the default. */
export function submitProblem(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 401) return SubmitText.signInToDeposit;
  return serverMessage(error) ?? fallback;
}
