import type { Logger } from '@portal/logging';
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

  it('logs a failure instead of throwing it, and shutdown still completes', async () => {
    const log = logger();
    const afterReply = new AfterReply(log);
    afterReply.run('failing work', () => Promise.reject(new Error('database away')));
    await afterReply.beforeApplicationShutdown();
    expect(log.error).toHaveBeenCalledWith({ err: 'Error: database away', what: 'failing work' }, 'work after the reply failed');
  });
});
