import { ApiError } from '../api/api-error';
import { withdrawalRefusalTitle } from './submit-problem';

const refusal = (status: number, code: string, fields: string[] = [], detailCode?: string) =>
  new ApiError({ status, code, message: 'refused', details: fields.map((field) => ({ field, message: 'refused', ...(detailCode ? { code: detailCode } : {}) })), fromServer: true });

describe("a refused withdrawal's title (spec 02 §5)", () => {
  it('names what the server refused in the words of the spec', () => {
    expect(withdrawalRefusalTitle(refusal(409, 'no_credit'), 'Withdrawal Failed')).toBe('Withdrawal Not Allowed');
    expect(withdrawalRefusalTitle(refusal(409, 'insufficient_balance'), 'Withdrawal Failed')).toBe('Insufficient Balance');
    expect(withdrawalRefusalTitle(refusal(400, 'validation_failed', ['accountNumber']), 'Withdrawal Failed')).toBe('Invalid Account Number');
    expect(withdrawalRefusalTitle(refusal(400, 'validation_failed', ['swiftCode']), 'Withdrawal Failed')).toBe('Missing Information');
    expect(withdrawalRefusalTitle(refusal(400, 'iban_check_digits_invalid', ['accountNumber'], 'iban_check_digits_invalid'), 'Withdrawal Failed')).toBe('Invalid Account Number');
    expect(withdrawalRefusalTitle(refusal(400, 'swift_code_invalid', ['swiftCode'], 'swift_code_invalid'), 'Withdrawal Failed')).toBe('Invalid SWIFT/BIC Code');
  });

  it('keeps the general title for anything else, and when the gateway sent no answer', () => {
    expect(withdrawalRefusalTitle(refusal(400, 'below_minimum'), 'Withdrawal Failed')).toBe('Withdrawal Failed');
    expect(withdrawalRefusalTitle(new ApiError({ status: 502, message: 'x', fromServer: false }), 'Withdrawal Failed')).toBe('Withdrawal Failed');
    expect(withdrawalRefusalTitle(new Error('offline'), 'Withdrawal Failed')).toBe('Withdrawal Failed');
  });
});
