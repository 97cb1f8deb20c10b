import { annualIncomeProblem, investmentAmountProblem, sanitise } from './form-rules';

describe('the forms mirror the server sanitising', () => {
  it('removes < > " \', trims, cuts to 1000 and ignores empty or absent values', () => {
    expect(sanitise('  <b>"Ada"</b> ')).toBe('bAda/b');
    expect(sanitise('x'.repeat(1200))).toHaveLength(1000);
    expect(sanitise('   ')).toBeUndefined();
    expect(sanitise(null)).toBeUndefined();
    expect(sanitise(undefined)).toBeUndefined();
  });
});

describe('the personal form mirrors the server rule for annual income (spec 01 §5: minimum 0, step 1000)', () => {
  it('takes 0 and whole thousands, leaves an empty value to the required rule', () => {
    for (const value of [0, 1000, 75000]) expect(annualIncomeProblem(value)).toBeNull();
    expect(annualIncomeProblem(null)).toBeNull();
    expect(annualIncomeProblem(undefined)).toBeNull();
  });

  it('refuses a negative income and one off the $1,000 step, as the server does', () => {
    expect(annualIncomeProblem(-1000)).toBe('form.annualIncomeInvalid');
    for (const value of [1, 999, 50500, 1000.5]) expect(annualIncomeProblem(value)).toBe('form.annualIncomeSteps');
  });
});

describe('the forms mirror the server rule for the investment amount (spec 01 §5)', () => {
  it('personal and corporate: at least $1,000 in steps of $100, at most what the gateway takes', () => {
    for (const type of ['personal', 'corporate'] as const) {
      for (const value of [1000, 1100, 25000]) expect(investmentAmountProblem(value, type)).toBeNull();
      expect(investmentAmountProblem(undefined, type)).toBeNull();
      expect(investmentAmountProblem(500, type)).toBe('form.minimumAmount');
      expect(investmentAmountProblem(-1000, type)).toBe('form.minimumAmount');
      for (const value of [1050, 1000.5]) expect(investmentAmountProblem(value, type)).toBe('form.amountSteps');
      expect(investmentAmountProblem(10_000_000_000_000, type)).toBe('form.maximumAmount');
    }
  });

  it('GIPP: any amount above 0 in whole cents, no minimum', () => {
    for (const value of [0.01, 250, 1050.5]) expect(investmentAmountProblem(value, 'gipp')).toBeNull();
    for (const value of [0, -5, 10.001]) expect(investmentAmountProblem(value, 'gipp')).toBe('form.invalidAmount');
    expect(investmentAmountProblem(10_000_000_000_000, 'gipp')).toBe('form.maximumAmount');
  });
});
