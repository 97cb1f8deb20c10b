import {
  activeDays,
  formatReturn,
  internalRateOfReturn,
  moneyWeightedReturn,
  periodCashFlows,
  PerformanceDay,
  timeWeightedReturn,
} from './performance-arithmetic';

const day = (value: number, inflow = 0, outflow = 0): PerformanceDay => ({ value, inflow, outflow });

/** A value that grows by a fixed amount a day, as daily accruals make it. */
const accruing = (from: number, perDay: number, count: number): PerformanceDay[] => Array.from({ length: count }, (_, index) => day(from + perDay * (index + 1)));

describe('time-weighted return', () => {
  it('is the growth of a single payment: 10,000 paid in that grows to 11,000 is 10%', () => {
    const days = [day(10_100, 10_000), ...accruing(10_100, 100, 9)];
    expect(days[days.length - 1].value).toBe(11_000);
    expect(timeWeightedReturn(0, days)).toBeCloseTo(0.1, 12);
  });

  it('chains daily returns, so money paid in or taken out does not count as growth', () => {
    // Day 1: 100 → 110 (+10%). Day 2: 110 more paid in at its start, 220 → 198 (−10%).
    expect(timeWeightedReturn(100, [day(110), day(198, 110)])).toBeCloseTo(1.1 * 0.9 - 1, 12);
    // A payout at the end of the day carries that day's growth: 10,000 → 10,010 → 10,020 paid out.
    expect(timeWeightedReturn(10_000, [day(10_010), day(0, 0, 10_020), day(0)])).toBeCloseTo(0.002, 12);
  });

  it('skips days with nothing invested, before the first payment and after everything was paid out', () => {
    const days = [day(0), day(0), day(1_050, 1_000), day(1_100), day(0, 0, 1_100), day(0)];
    expect(timeWeightedReturn(0, days)).toBeCloseTo(0.1, 12);
    expect(activeDays(0, days)).toBe(3);
  });

  it('is 0 for money that sat without growing, and −100% for money lost', () => {
    expect(timeWeightedReturn(500, [day(500), day(500)])).toBe(0);
    // Cancelled before it earned: paid in, refunded the next day.
    expect(timeWeightedReturn(0, [day(2_000, 2_000), day(0, 0, 2_000)])).toBe(0);
    expect(timeWeightedReturn(500, [day(0)])).toBe(-1);
  });

  it('is null when there is nothing to measure', () => {
    expect(timeWeightedReturn(0, [])).toBeNull();
    expect(timeWeightedReturn(0, [day(0), day(0), day(0)])).toBeNull();
  });
});

describe('internal rate of return', () => {
  it('solves a single payment in and out: −100 now, +121 two days later is 10% a day', () => {
    expect(internalRateOfReturn([{ at: 0, amount: -100 }, { at: 2, amount: 121 }])).toBeCloseTo(0.1, 12);
    expect(internalRateOfReturn([{ at: 0, amount: -100 }, { at: 1, amount: 90 }])).toBeCloseTo(-0.1, 12);
    expect(internalRateOfReturn([{ at: 0, amount: -100 }, { at: 5, amount: 100 }])).toBe(0);
  });

  it('solves several flows: the quadratic −100 − 110/(1+r) + 198/(1+r)² = 0', () => {
    // 198y² − 110y − 100 = 0 with y = 1/(1 + r): y = (110 + √91300) / 396.
    const expected = 396 / (110 + Math.sqrt(91_300)) - 1;
    const rate = internalRateOfReturn([
      { at: 0, amount: -100 },
      { at: 1, amount: -110 },
      { at: 2, amount: 198 },
    ]);
    expect(rate).toBeCloseTo(expected, 12);
    expect(rate).toBeCloseTo(-0.0392, 4);
  });

  it('finds large and long rates: 1,000 doubling over 180 days', () => {
    const rate = internalRateOfReturn([
      { at: 0, amount: -1_000 },
      { at: 180, amount: 2_000 },
    ]) as number;
    expect((1 + rate) ** 180).toBeCloseTo(2, 10);
  });

  it('is −100% when nothing comes back, and undefined without money paid in or without time', () => {
    expect(internalRateOfReturn([{ at: 0, amount: -100 }])).toBe(-1);
    expect(internalRateOfReturn([{ at: 0, amount: -100 }, { at: 3, amount: 0 }])).toBe(-1);
    expect(internalRateOfReturn([])).toBeNull();
    expect(internalRateOfReturn([{ at: 2, amount: 100 }])).toBeNull();
    expect(internalRateOfReturn([{ at: 0, amount: -100 }, { at: 0, amount: 110 }])).toBeNull();
  });

  it('takes the rate nearest 0% when alternating flows have several', () => {
    // −1 + 2.3/(1+r) − 1.32/(1+r)² = 0 has the roots 10% and 20%.
    const rate = internalRateOfReturn([
      { at: 0, amount: -1 },
      { at: 1, amount: 2.3 },
      { at: 2, amount: -1.32 },
    ]);
    expect(rate).toBeCloseTo(0.1, 10);
  });
});

describe('cash flows of a period', () => {
  it('counts the start value as paid in, payments in at the start and out at the end of their day, and the end value as taken out', () => {
    expect(periodCashFlows(100, [day(90), day(1_100, 910), day(600, 0, 500)])).toEqual([
      { at: 0, amount: -100 },
      { at: 1, amount: -910 },
      { at: 3, amount: 500 },
      { at: 3, amount: 600 },
    ]);
  });

  it('runs the clock on days with money at work only', () => {
    expect(periodCashFlows(0, [day(0), day(1_000, 1_000), day(1_100), day(0, 0, 1_100), day(0)])).toEqual([
      { at: 0, amount: -1_000 },
      { at: 3, amount: 1_100 },
    ]);
    expect(periodCashFlows(0, [day(0)])).toEqual([]);
  });
});

describe('money-weighted return', () => {
  it('is the growth of a single payment too: 10% for 10,000 that grows to 11,000, whenever in the period it arrived', () => {
    expect(moneyWeightedReturn(0, [day(10_100, 10_000), ...accruing(10_100, 100, 9)])).toBeCloseTo(0.1, 10);
    expect(moneyWeightedReturn(0, [day(0), day(0), day(10_100, 10_000), ...accruing(10_100, 100, 9)])).toBeCloseTo(0.1, 10);
    expect(moneyWeightedReturn(10_000, accruing(10_000, 100, 10))).toBeCloseTo(0.1, 10);
  });

  it('differs from the time-weighted return when more money was in during the worse days (figures checked by hand)', () => {
    // Start 100; day 1: +10% → 110; day 2: 110 paid in, 220 → 198 (−10%).
    const days = [day(110), day(198, 110)];
    expect(timeWeightedReturn(100, days)).toBeCloseTo(-0.01, 12);
    // −100 at 0, −110 at 1, +198 at 2: (1+r)^-1 = (110 + √91300) / 396, r ≈ −3.92% a day, (1+r)² − 1 ≈ −7.69%.
    const expected = (396 / (110 + Math.sqrt(91_300))) ** 2 - 1;
    expect(moneyWeightedReturn(100, days)).toBeCloseTo(expected, 10);
    expect(formatReturn(moneyWeightedReturn(100, days))).toBe('-0.0769');
    expect(formatReturn(timeWeightedReturn(100, days))).toBe('-0.0100');
  });

  it('differs the other way when more money was in during the better days (figures checked by hand)', () => {
    // Start 100; day 1: −10% → 90; day 2: 910 paid in, 1,000 → 1,100 (+10%).
    const days = [day(90), day(1_100, 910)];
    expect(timeWeightedReturn(100, days)).toBeCloseTo(-0.01, 12);
    // −100 at 0, −910 at 1, +1100 at 2: (1+r)^-1 = (910 + √1268100) / 2200, (1+r)² − 1 ≈ +16.75%.
    const expected = (2200 / (910 + Math.sqrt(1_268_100))) ** 2 - 1;
    expect(moneyWeightedReturn(100, days)).toBeCloseTo(expected, 10);
    expect(formatReturn(moneyWeightedReturn(100, days))).toBe('0.1675');
  });

  it('counts a payout at maturity with its last day of returns, and a refund as no gain', () => {
    // 10,000 earning 10 a day, paid out with the second day's 10 at the end of day 2; day 3 is idle.
    expect(moneyWeightedReturn(10_000, [day(10_010), day(0, 0, 10_020), day(0)])).toBeCloseTo(0.002, 10);
    expect(moneyWeightedReturn(0, [day(2_000, 2_000), day(0, 0, 2_000)])).toBeCloseTo(0, 12);
  });

  it('is null without flows, and when nothing was invested in the period', () => {
    expect(moneyWeightedReturn(0, [])).toBeNull();
    expect(moneyWeightedReturn(0, [day(0), day(0)])).toBeNull();
  });
});

describe('returns on the wire', () => {
  it('are decimal fractions with four places, never −0, null kept', () => {
    expect(formatReturn(0.041234)).toBe('0.0412');
    expect(formatReturn(0.1)).toBe('0.1000');
    expect(formatReturn(-0.00001)).toBe('0.0000');
    expect(formatReturn(-0.25)).toBe('-0.2500');
    expect(formatReturn(null)).toBeNull();
    expect(formatReturn(Number.NaN)).toBeNull();
  });
});
