/** The browser's mirror of spec 02 §5 (the server enforces the same rules). */
export const MoneyText = {
  missingFields: 'Please fill in all required fields.',
  depositAmount: 'Please enter a valid deposit amount greater than 0.',
  depositNotAllowed: 'Your investment application has not been approved.',
  invalidAccountNumber: 'Please enter a valid account number or IBAN format.',
  numericAmount: 'Please enter a valid numeric amount.',
  noCredit: 'Your investment account has no credit.',
  minimumWithdrawal: 'Minimum withdrawal amount is $100.',
  insufficientBalance: 'Your withdrawal amount exceeds your available balance.',
  investmentMissing: 'Please select investment type and enter amount.',
  depositFailedDefault: 'There was an error submitting your deposit request. Please try again.',
  paymentFailed: 'There was an error processing your payment request. Please try again.',
} as const;

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'SGD'] as const;
const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{4}\d{7}[A-Z0-9]{0,16}$/;

export function positiveAmount(value: unknown): boolean {
  const text = String(value ?? '').trim();
  return AMOUNT.test(text) && Number(text) > 0;
}

export function validAccountNumber(value: string): boolean {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length <= 15 || IBAN.test(compact);
}

/** The first withdrawal rule the amount breaks against the available balance, or null. */
export function withdrawalAmountProblem(amount: string, available: number): string | null {
  if (!positiveAmount(amount)) return MoneyText.numericAmount;
  if (available <= 0) return MoneyText.noCredit;
  if (Number(amount) < 100) return MoneyText.minimumWithdrawal;
  if (Number(amount) > available) return MoneyText.insufficientBalance;
  return null;
}
