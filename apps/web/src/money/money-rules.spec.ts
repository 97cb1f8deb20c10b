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

  it("checks the minimum System Settings configure, in the server's words, and the spec's for its $100", () => {
    expect(withdrawalAmountProblem('60', 500, 50)).toBeNull();
    expect(withdrawalAmountProblem('200', 500, 250)).toBe('Minimum withdrawal amount is $250.');
    expect(withdrawalAmountProblem('99', 500, 100)).toBe('Minimum withdrawal amount is $100.');
  });
});
