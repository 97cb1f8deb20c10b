import 'reflect-metadata';
import { USER_MESSAGES } from '@portal/domain-rules';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { validationErrorBody } from '../common/validation-errors';
import { LEDGER_MESSAGES, RequestWithdrawalPayload } from './commands';

describe('RequestWithdrawalPayload refuses bank details banks would refuse, naming the field', () => {
  const valid = { accountName: 'Ada Lovelace', accountNumber: '12345678', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount: '100.00', currency: 'USD' };
  const check = async (overrides: Record<string, unknown>) => {
    const errors = await validate(plainToInstance(RequestWithdrawalPayload, { ...valid, ...overrides }));
    return errors.length === 0 ? null : validationErrorBody(errors);
  };

  it('accepts an account number, an IBAN as people type it and an 8 or 11 character SWIFT/BIC code', async () => {
    expect(await check({})).toBeNull();
    expect(await check({ accountNumber: 'gb82 west 1234 5698 7654 32', swiftCode: 'deutdeff500' })).toBeNull();
    expect(await check({ accountNumber: ' GB82WEST12345698765432 ', swiftCode: 'NWBKGB2L' })).toBeNull();
  });

  it.each([
    [{ accountNumber: 'GB82WEST12345698765433' }, 'accountNumber', 'iban_check_digits_invalid', USER_MESSAGES.iban_check_digits_invalid, undefined],
    [{ accountNumber: 'GB82WEST1234569876543' }, 'accountNumber', 'iban_length_invalid', 'Please enter a valid IBAN: an IBAN from GB has 22 characters.', { country: 'GB', length: '22' }],
    [{ accountNumber: 'XX82WEST12345698765432' }, 'accountNumber', 'iban_country_invalid', USER_MESSAGES.iban_country_invalid, undefined],
    [{ accountNumber: 'abc' }, 'accountNumber', 'account_number_format_invalid', USER_MESSAGES.account_number_format_invalid, undefined],
    [{ swiftCode: 'XX' }, 'swiftCode', 'swift_code_invalid', USER_MESSAGES.swift_code_invalid, undefined],
    [{ swiftCode: 'FIRSTGB2L' }, 'swiftCode', 'swift_code_invalid', USER_MESSAGES.swift_code_invalid, undefined],
  ])('%j: refused on %s with %s', async (overrides, field, code, message, params) => {
    const body = await check(overrides);
    expect(body).toMatchObject({ statusCode: 400, code, message });
    expect(body?.details).toEqual([{ field, message, code, ...(params ? { params } : {}) }]);
  });

  it('still asks for a missing field first', async () => {
    expect(await check({ swiftCode: '' })).toMatchObject({ message: LEDGER_MESSAGES.missingFields, details: [{ field: 'swiftCode' }] });
    expect(await check({ accountNumber: '   ' })).toMatchObject({ message: LEDGER_MESSAGES.missingFields, details: [{ field: 'accountNumber' }] });
  });
});
