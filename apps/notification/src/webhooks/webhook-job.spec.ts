import { WEBHOOK_ATTEMPTS, webhookRetryDelay } from './webhook-job';

describe('webhook retry schedule', () => {
  it('retries for about a day: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    const delays = Array.from({ length: WEBHOOK_ATTEMPTS - 1 }, (_, index) => webhookRetryDelay(index + 1, 5_000));
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    const hours = delays.reduce((sum, delay) => sum + delay, 0) / 3_600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(30);
  });

  it('scales with the first delay, so tests can shrink it', () => {
    expect(webhookRetryDelay(1, 10)).toBe(10);
    expect(webhookRetryDelay(2, 10)).toBe(600);
  });
});
