import { withTimeout } from './with-timeout';

class Deadline extends Error {}

describe('withTimeout', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('returns the answer when it comes in time', async () => {
    await expect(withTimeout(async () => 'ok', 10_000, () => new Deadline())).resolves.toBe('ok');
  });

  it('rejects with the deadline error and aborts the request when time runs out', async () => {
    let signal: AbortSignal | undefined;
    const never = (s: AbortSignal) => {
      signal = s;
      return new Promise<string>(() => undefined);
    };
    const result = withTimeout(never, 10_000, () => new Deadline());
    jest.advanceTimersByTime(10_000);
    await expect(result).rejects.toBeInstanceOf(Deadline);
    expect(signal?.aborted).toBe(true);
  });
});
