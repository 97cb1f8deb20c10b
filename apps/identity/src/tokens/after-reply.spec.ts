import type { Logger } from '@portal/logging';
import { metricsRegistry } from '@portal/messaging';
import { AfterReply } from './after-reply';

describe('work after the reply', () => {
  const logger = () => ({ error: jest.fn() }) as unknown as Logger & { error: jest.Mock };

  it('returns before the work is done, and idle() waits for it', async () => {
    const afterReply = new AfterReply(logger());
    let finish = () => undefined as void;
    let done = false;
    afterReply.run('slow work', () => new Promise<void>((resolve) => (finish = resolve)).then(() => void (done = true)));
    await Promise.resolve();
    expect(done).toBe(false);
    const idle = afterReply.idle();
    finish();
    await idle;
    expect(done).toBe(true);
  });

  /** portal_work_after_reply_total for this what and outcome. */
  async function counted(what: string, outcome: string): Promise<number> {
    const metric = (await metricsRegistry.getMetricsAsJSON()).find((entry) => entry.name === 'portal_work_after_reply_total');
    return (metric?.values ?? []).find((value) => value.labels.what === what && value.labels.outcome === outcome)?.value ?? 0;
  }

  it('counts each piece of work by outcome, so a link that never went out can be alerted on', async () => {
    const afterReply = new AfterReply(logger());
    const [doneBefore, failedBefore] = [await counted('counted link', 'done'), await counted('counted link', 'failed')];
    afterReply.run('counted link', () => Promise.resolve());
    afterReply.run('counted link', () => Promise.reject(new Error('smtp away')));
    afterReply.run('counted link', () => Promise.reject(new Error('smtp away')));
    await afterReply.idle();
    expect(await counted('counted link', 'done')).toBe(doneBefore + 1);
    expect(await counted('counted link', 'failed')).toBe(failedBefore + 2);
  });

  it('logs a failure instead of throwing it, and shutdown still completes', async () => {
    const log = logger();
    const afterReply = new AfterReply(log);
    afterReply.run('failing work', () => Promise.reject(new Error('database away')));
    await afterReply.beforeApplicationShutdown();
    expect(log.error).toHaveBeenCalledWith({ err: 'Error: database away', what: 'failing work' }, 'work after the reply failed');
  });
});
