import { retryDelay } from './event-consumer';

describe('retryDelay', () => {
  it('starts at the first delay and doubles with each attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, 1_000))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(retryDelay(1, 250)).toBe(250);
    expect(retryDelay(3, 250)).toBe(1_000);
  });

  it('is capped at one minute', () => {
    expect(retryDelay(7, 1_000)).toBe(60_000);
    expect(retryDelay(30, 1_000)).toBe(60_000);
    expect(retryDelay(1_000, 1)).toBe(60_000);
    expect(retryDelay(1, 120_000)).toBe(60_000);
  });

  it('treats an attempt below 1 as the first', () => {
    expect(retryDelay(0, 1_000)).toBe(1_000);
    expect(retryDelay(-3, 1_000)).toBe(1_000);
  });
});
