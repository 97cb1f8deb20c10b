import { i18n } from '../i18n/i18n';
import { isPositiveAmount, validAccountNumber, validSwiftCode } from '@portal/domain-rules';
import { accountNumberMessage, MoneyText, swiftCodeMessage, withdrawalAmountProblem } from './money-rules';

describe('money rules of spec 02 §5 in the browser', () => {
  // The full table of cases is in libs/domain-rules/src/money/bank-details.spec.ts.
  it('checks IBANs as banks do (country length, mod-97 check digits), ignoring spaces and case, and other account numbers as 4 to 17 digits', () => {
    expect(validAccountNumber('gb82 west 1234 5698 7654 32')).toBe(true);
    expect(validAccountNumber('GB82WEST12345698765432')).toBe(true);
    expect(validAccountNumber('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(validAccountNumber('12345678')).toBe(true);
    expect(validAccountNumber('123456789012345')).toBe(true);
    expect(validAccountNumber('GB82WEST12345698765433')).toBe(false);
    expect(validAccountNumber('abc')).toBe(false);
    expect(validAccountNumber('123456789012345678')).toBe(false);
  });

  it("says what is wrong with an account number in the server's words", () => {
    expect(accountNumberMessage('GB82WEST12345698765432')).toBeNull();
    expect(accountNumberMessage('GB82WEST12345698765433')).toBe('Please enter a valid IBAN: its check digits do not match.');
    expect(accountNumberMessage('gb82 west 1234 5698 7654 3')).toBe('Please enter a valid IBAN: an IBAN from GB has 22 characters.');
    expect(accountNumberMessage('XX82WEST12345698765432')).toBe('Please enter a valid IBAN: its first two letters are not the code of a country that uses IBANs.');
    expect(accountNumberMessage('GB82-WEST-1234-5698-7654-32')).toBe('Please enter a valid IBAN: a two-letter country code, two check digits, then letters and digits only.');
    expect(accountNumberMessage('abc')).toBe('Please enter a valid account number (4 to 17 digits) or IBAN.');
  });

  it('checks SWIFT/BIC codes: 8 or 11 characters of the standard shape', () => {
    expect(validSwiftCode('DEUTDEFF')).toBe(true);
    expect(validSwiftCode('deutdeff500')).toBe(true);
    expect(swiftCodeMessage('DEUTDEFF')).toBeNull();
    expect(swiftCodeMessage('XX')).toBe('Please enter a valid SWIFT/BIC code (8 or 11 characters, e.g. DEUTDEFF).');
    expect(swiftCodeMessage('FIRSTGB2L')).toBe('Please enter a valid SWIFT/BIC code (8 or 11 characters, e.g. DEUTDEFF).');
  });

  it('reads the words in the language shown, from the server catalogue', async () => {
    i18n.addResourceBundle('de', 'server', { iban_length_invalid: 'Eine IBAN aus {{country}} hat {{length}} Zeichen.' });
    await i18n.changeLanguage('de');
    try {
      expect(accountNumberMessage('DE89 3704 0044 0532 0130 0')).toBe('Eine IBAN aus DE hat 22 Zeichen.');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('orders the withdrawal amount rules as the server does', () => {
    expect(withdrawalAmountProblem('abc', 500)).toBe(MoneyText.numericAmount);
    expect(withdrawalAmountProblem('50', 0)).toBe(MoneyText.noCredit);
    expect(withdrawalAmountProblem('99.99', 500)).toBe(MoneyText.minimumWithdrawal);
    expect(withdrawalAmountProblem('500.01', 500)).toBe(MoneyText.insufficientBalance);
    expect(withdrawalAmountProblem('500', 500)).toBeNull();
    expect(isPositiveAmount('0')).toBe(false);
  });

  it("checks the minimum System Settings configure, in the server's words, and the spec's for its $100", () => {
    expect(withdrawalAmountProblem('60', 500, 50)).toBeNull();
    expect(withdrawalAmountProblem('200', 500, 250)).toBe('Minimum withdrawal amount is $250.');
    expect(withdrawalAmountProblem('99', 500, 100)).toBe('Minimum withdrawal amount is $100.');
  });
});
