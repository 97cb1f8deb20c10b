import * as argon2 from 'argon2';
import { inProcessHasher } from './password-hasher';
import { ConcurrencyLimit, WaitedTooLong, hashPassword, setPasswordHasher, setPasswordHashingConcurrency, verifyAgainstNoAccount, verifyPassword } from './passwords';

jest.mock('argon2', () => ({ argon2id: 2, hash: jest.fn(), verify: jest.fn() }));
// The queue is what is tested here: the (mocked) computations run in this process.
setPasswordHasher(inProcessHasher);

/** A promise settled from outside, and whether it still runs. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('runs at most max tasks at once and the rest in arrival order', async () => {
    const limit = new ConcurrencyLimit(2);
    const started: number[] = [];
    const gates = [0, 1, 2, 3, 4].map(() => deferred());
    const done = gates.map((gate, index) => limit.run(async () => (started.push(index), gate.promise)));
    await flush();
    expect(started).toEqual([0, 1]);
    expect(limit.load).toEqual({ running: 2, waiting: 3 });

    gates[1].resolve();
    await flush();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(limit.load).toEqual({ running: 2, waiting: 1 });

    gates.slice(2).forEach((gate) => gate.resolve());
    await Promise.all(done);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('skips a task whose turn came after its caller stopped waiting, and lets the next one run', async () => {
    const limit = new ConcurrencyLimit(1);
    const gate = deferred();
    const first = limit.run(() => gate.promise);
    const ran: string[] = [];
    const stale = limit.run(async () => void ran.push('stale'), 10);
    const patient = limit.run(async () => void ran.push('patient'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    gate.resolve();
    await first;
    await expect(stale).rejects.toBeInstanceOf(WaitedTooLong);
    await patient;
    expect(ran).toEqual(['patient']);
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const limit = new ConcurrencyLimit(1);
    const failing = limit.run(() => Promise.reject(new Error('boom')));
    const next = limit.run(async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
    expect(limit.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow();
    expect(() => new ConcurrencyLimit(1.5)).toThrow();
  });
});

describe('password hashing', () => {
  const hash = argon2.hash as unknown as jest.Mock;
  const verify = argon2.verify as unknown as jest.Mock;
  let running = 0;
  let mostAtOnce = 0;
  let gates: ReturnType<typeof deferred<boolean>>[] = [];

  /** argon2 stand-ins that count how many computations overlap and finish when the test says. */
  const computation = () => {
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    const gate = deferred<boolean>();
    gates.push(gate);
    return gate.promise.finally(() => running--);
  };

  beforeEach(() => {
    running = 0;
    mostAtOnce = 0;
    gates = [];
    hash.mockReset().mockImplementation(() => computation().then(() => '$argon2id$stand-in'));
    verify.mockReset().mockImplementation(computation);
  });

  /** Lets the computations finish one by one, each as it starts, until all the work is done. */
  async function finishAll(work: Promise<unknown>[]) {
    let settled = false;
    const all = Promise.all(work).finally(() => (settled = true));
    while (!settled) {
      await flush();
      gates.shift()?.resolve(true);
    }
    return all;
  }

  it('runs one argon2 computation at a time with a concurrency of 1, whoever asks', async () => {
    setPasswordHashingConcurrency(1);
    const work = [hashPassword('new-password'), verifyPassword('$argon2id$stored', 'a'), verifyPassword('$argon2id$stored', 'b'), verifyAgainstNoAccount('c')];
    await flush();
    expect(running).toBe(1);
    const results = await finishAll(work);
    expect(mostAtOnce).toBe(1);
    expect(results).toEqual(['$argon2id$stand-in', true, true, false]);
  });

  it('allows the configured number at once', async () => {
    setPasswordHashingConcurrency(3);
    const work = Array.from({ length: 6 }, (_, index) => verifyPassword('$argon2id$stored', `guess-${index}`));
    await flush();
    expect(running).toBe(3);
    await finishAll(work);
    expect(mostAtOnce).toBe(3);
  });

  it('answers false for a hash the library cannot read, and frees the slot', async () => {
    setPasswordHashingConcurrency(1);
    verify.mockRejectedValueOnce(new Error('pchstr must contain a $ as first char'));
    await expect(verifyPassword('not-a-hash', 'a')).resolves.toBe(false);
    verify.mockResolvedValueOnce(true);
    await expect(verifyPassword('$argon2id$stored', 'a')).resolves.toBe(true);
  });

  it('spends one verification on an unknown account, like a real check', async () => {
    setPasswordHashingConcurrency(1);
    verify.mockResolvedValue(true);
    hash.mockResolvedValue('$argon2id$dummy');
    const before = verify.mock.calls.length;
    await expect(verifyAgainstNoAccount('whatever')).resolves.toBe(false);
    expect(verify.mock.calls.length - before).toBe(1);
  });
});
