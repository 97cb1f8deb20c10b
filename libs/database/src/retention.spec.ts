import { DataSource } from 'typeorm';
import { HourlySchedule, RetentionJob } from './retention';

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

describe('RetentionJob', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('logs what each hourly run deleted, and a failed run as a warning, and keeps running', async () => {
    const query = jest.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue([[], 3]);
    const dataSource = {
      getMetadata: () => ({ schema: 'notification', tableName: 'erased_users', primaryColumns: [{ databaseName: 'user_id' }] }),
      driver: { escape: (name: string) => `"${name}"` },
      query,
      // The run's cluster lock, always free here.
      createQueryRunner: () => ({
        connect: async () => undefined,
        startTransaction: async () => undefined,
        commitTransaction: async () => undefined,
        release: async () => undefined,
        manager: { query: async () => [{ locked: true }] },
      }),
    } as unknown as DataSource;
    const log = { info: jest.fn(), warn: jest.fn() };
    const job = new RetentionJob(dataSource, [{ name: 'erased users', entity: 'ErasedUser', column: 'erased_at', keepDays: 60 }], log, 'expired notification records');
    job.start();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(log.warn).toHaveBeenCalledWith({ err: 'Error: database away' }, 'could not delete expired notification records; will retry');
    await jest.advanceTimersByTimeAsync(3_600_000);
    expect(log.info).toHaveBeenCalledWith({ deleted: { 'erased users': 3 } }, 'expired notification records deleted');
    expect(query).toHaveBeenLastCalledWith(expect.stringContaining('DELETE FROM "notification"."erased_users" WHERE "user_id" IN'), [expect.any(Date)]);
    await job.stop();
  });
});
