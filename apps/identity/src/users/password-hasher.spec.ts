import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import * as argon2 from 'argon2';
import { ChildProcessHasher, DEFAULT_PASSWORD_HASHING_NICE, HashingInterrupted } from './password-hasher';

// Light parameters: the subject is where the work runs, not its cost.
const LIGHT = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

/** The nice value of every thread of a process (argon2 computes on libuv's pool threads). */
function threadNiceValues(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((task) => Number(readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8').split(') ')[1].split(' ')[16]));
}

describe('argon2 in a helper process of lower priority', () => {
  let hasher: ChildProcessHasher;

  beforeEach(() => (hasher = new ChildProcessHasher(1)));
  afterEach(() => hasher.close());

  it('hashes and verifies there, every thread of it below the service', async () => {
    const hash = await hasher.hash('correct horse battery', LIGHT);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    await expect(hasher.verify(hash, 'correct horse battery')).resolves.toBe(true);
    await expect(hasher.verify(hash, 'wrong horse')).resolves.toBe(false);
    await expect(hasher.verify('not a hash', 'anything')).resolves.toBe(false);

    const pid = hasher.pid as number;
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid)).toBe(DEFAULT_PASSWORD_HASHING_NICE);
    expect(threadNiceValues(pid).every((nice) => nice === DEFAULT_PASSWORD_HASHING_NICE)).toBe(true);
  });

  it("gives the helper none of identity's secrets", async () => {
    process.env.JWT_PRIVATE_KEY = 'a secret the helper must not see';
    try {
      await hasher.hash('start it', LIGHT);
      const environment = readFileSync(`/proc/${hasher.pid}/environ`, 'utf8').split('\0').filter(Boolean);
      // Node adds its IPC channel's two variables itself.
      expect(environment.filter((variable) => !variable.startsWith('NODE_CHANNEL_'))).toEqual(['UV_THREADPOOL_SIZE=4']);
    } finally {
      delete process.env.JWT_PRIVATE_KEY;
    }
  });

  it('fails a computation cut off by the helper ending, and starts a new helper for the next', async () => {
    await hasher.hash('warm up', LIGHT);
    const first = hasher.pid as number;
    const cutOff = hasher.hash('cut off', { ...LIGHT, memoryCost: 262_144, timeCost: 20 });
    process.kill(first, 'SIGKILL');
    await expect(cutOff).rejects.toBeInstanceOf(HashingInterrupted);

    await expect(hasher.verify(await hasher.hash('again', LIGHT), 'again')).resolves.toBe(true);
    expect(hasher.pid).not.toBe(first);
  });
});
