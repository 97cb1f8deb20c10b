import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { RequestWithdrawalPayload } from '../ledger/commands';
import { validationErrorBody } from './validation-errors';

function refusalOf(body: Record<string, unknown>) {
  return validationErrorBody(validateSync(plainToInstance(RequestWithdrawalPayload, body)));
}

const withdrawal = { accountName: 'Ada Lovelace', accountNumber: 'GB82 WEST 1234 5698 7654 32', bankName: 'West Bank', bankBranchAddress: '1 High Street', swiftCode: 'DEUTDEFF', amount: '150.00', currency: 'USD' };

describe('a validation refusal carries the codes of the rules that refused', () => {
  it('codes each field with its own rule, values included, and the body with the first field', () => {
    const body = refusalOf({ ...withdrawal, accountNumber: 'GB82 WEST 1234 5698 7654', swiftCode: 'NOPE', bankName: '' });
    const byField = Object.fromEntries((body.details ?? []).map((detail) => [detail.field, detail]));
    expect(byField.accountNumber).toMatchObject({ code: 'iban_length_invalid', params: { country: expect.any(String), length: '22' } });
    expect(byField.swiftCode).toMatchObject({ code: 'swift_code_invalid', message: 'Please enter a valid SWIFT/BIC code (8 or 11 characters, e.g. DEUTDEFF).' });
    expect(byField.bankName).toMatchObject({ code: 'required_fields_missing', message: 'Please fill in all required fields.' });
    expect({ code: body.code, message: body.message }).toEqual({ code: body.details?.[0].code, message: body.details?.[0].message });
  });

  it('takes a complete withdrawal', () => {
    expect(validateSync(plainToInstance(RequestWithdrawalPayload, withdrawal))).toEqual([]);
  });
});
