import { HourlySchedule } from './retention';

describe('HourlySchedule', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs a minute after start, then an hour after each run, also after a failed one, until stopped', async () => {
    let runs = 0;
    const schedule = new HourlySchedule(async () => {
      runs += 1;
      if (runs === 1) throw new Error('database away');
    });
    schedule.start();
    await jest.advanceTimersByTimeAsync(59_999);
    expect(runs).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(runs).toBe(2);
    await schedule.stop();
    await jest.advanceTimersByTimeAsync(10 * 3_600_000);
    expect(runs).toBe(2);
  });

  it('waits for a run under way when stopped', async () => {
    let finish: () => void = () => undefined;
    let finished = false;
    const schedule = new HourlySchedule(() => new Promise<void>((resolve) => (finish = () => ((finished = true), resolve()))), { firstRunMs: 0, intervalMs: 1_000 });
    schedule.start();
    await jest.advanceTimersByTimeAsync(0);
    const stopped = schedule.stop().then(() => finished);
    finish();
    expect(await stopped).toBe(true);
  });
});
