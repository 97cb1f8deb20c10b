import { MoneyText, positiveAmount, validAccountNumber, withdrawalAmountProblem } from './money-rules';

describe('money rules of spec 02 §5 in the browser', () => {
  it('checks long account numbers against the IBAN pattern, ignoring spaces and case', () => {
    expect(validAccountNumber('123456789012345')).toBe(true);
    expect(validAccountNumber('gb82 west 1234 5698 7654 32')).toBe(true);
    expect(validAccountNumber('1234567890123456')).toBe(false);
  });

  it('orders the withdrawal amount rules as the server does', () => {
    expect(withdrawalAmountProblem('abc', 500)).toBe(MoneyText.numericAmount);
    expect(withdrawalAmountProblem('50', 0)).toBe(MoneyText.noCredit);
    expect(withdrawalAmountProblem('99.99', 500)).toBe(MoneyText.minimumWithdrawal);
    expect(withdrawalAmountProblem('500.01', 500)).toBe(MoneyText.insufficientBalance);
    expect(withdrawalAmountProblem('500', 500)).toBeNull();
    expect(positiveAmount('0')).toBe(false);
  });
});
