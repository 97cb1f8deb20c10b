import { addDays, addMonths, dailyAccrual, daysBetween } from './investment-dates';

describe('investment dates and the daily accrual', () => {
  it('adds months as a calendar does, keeping to the last day of a shorter month', () => {
    expect(addMonths('2026-11-29', 6)).toBe('2027-05-29');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('counts days across month and year ends', () => {
    expect(daysBetween('2026-11-29', '2027-05-29')).toBe(181);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('spreads the return evenly and the last day takes the remainder, so the days add up to the total', () => {
    const total = 75_000n; // 750.00 on 10,000 for 6 months at 15%
    const start = '2026-11-29';
    const maturity = addMonths(start, 6);
    const days = daysBetween(start, maturity);
    const amounts = Array.from({ length: days }, (_, index) => dailyAccrual(total, start, maturity, addDays(start, index)));
    expect(amounts[0]).toBe(414n); // 75,000 / 181 = 414.36 cents
    expect(amounts[days - 1]).toBe(75_000n - 414n * BigInt(days - 1));
    expect(amounts.reduce((sum, amount) => sum + amount, 0n)).toBe(total);
  });

  it('accrues nothing outside the active period', () => {
    expect(dailyAccrual(75_000n, '2026-11-29', '2027-05-29', '2026-11-28')).toBe(0n);
    expect(dailyAccrual(75_000n, '2026-11-29', '2027-05-29', '2027-05-29')).toBe(0n);
  });

  it('gives a return smaller than the number of days to the last day', () => {
    const amounts = Array.from({ length: 31 }, (_, index) => dailyAccrual(7n, '2027-01-01', '2027-02-01', addDays('2027-01-01', index)));
    expect(amounts.slice(0, 30).every((amount) => amount === 0n)).toBe(true);
    expect(amounts[30]).toBe(7n);
  });
});
