import { ChildProcess, spawn } from 'node:child_process';
import * as argon2 from 'argon2';

/** The argon2 computations identity needs, wherever they run. */
export interface PasswordHasher {
  hash(password: string, options: argon2.Options): Promise<string>;
  /** False for a wrong password and for a hash the library cannot read. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Ends the helper process, if any (tests; a service's process ending takes it along). */
  close(): void;
}

/** In this process: for tools and tests that mock argon2. */
export const inProcessHasher: PasswordHasher = {
  hash: (password, options) => argon2.hash(password, options),
  verify: (passwordHash, password) => argon2.verify(passwordHash, password).catch(() => false),
  close: () => undefined,
};

/**
 * How much lower than the service the hashing process runs (nice, PASSWORD_HASHING_NICE).
 * A raised nice value needs no privilege, so it also holds in a restricted pod. Measured
 * (npm run bench, 32 reading connections, 16 signing in): reads keep 85% of their
 * throughput during the burst at 10, 67% at 0, and sign-ins still take the idle CPU.
 */
export const DEFAULT_PASSWORD_HASHING_NICE = 10;

export function configuredNice(): number {
  // IdentityEnvironment validated the variable at start; a process without it (a CLI) takes the default.
  const value = Number(process.env.PASSWORD_HASHING_NICE);
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : DEFAULT_PASSWORD_HASHING_NICE;
}

/** The helper process ended (or could not take the work) while a computation was out. */
export class HashingInterrupted extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'HashingInterrupted';
  }
}

interface HashRequest {
  id: number;
  op: 'hash' | 'verify';
  password: string;
  passwordHash?: string;
  options?: argon2.Options;
}

interface HashReply {
  id: number;
  result?: string | boolean;
  error?: string;
}

/**
 * The helper's whole program. It lowers its own priority before argon2 first runs, so
 * libuv's pool threads, where argon2 computes, inherit it; it ends when identity does.
 */
function helperProgram(argon2Path: string, nice: number): string {
  return `'use strict';
const os = require('node:os');
try { os.setPriority(${nice}); } catch {}
// On Linux a nice value is per thread: the threads Node started before this line too (GC).
try { for (const task of require('node:fs').readdirSync('/proc/self/task')) os.setPriority(Number(task), ${nice}); } catch {}
const argon2 = require(${JSON.stringify(argon2Path)});
process.on('message', async (request) => {
  try {
    const result = request.op === 'hash'
      ? await argon2.hash(request.password, request.options)
      : await argon2.verify(request.passwordHash, request.password).catch(() => false);
    process.send({ id: request.id, result });
  } catch (error) {
    process.send({ id: request.id, error: String((error && error.message) || error) });
  }
});
process.on('disconnect', () => process.exit(0));
`;
}

/**
 * argon2 in a helper process of lower priority. A sign-in burst then takes only the CPU
 * the other requests leave: on a busy machine the reads keep their speed and sign-ins wait
 * (in the queue of passwords.ts, up to PASSWORD_CHECK_WAIT_MS), instead of every request
 * slowing down together. The helper starts with the first computation and again after it
 * died; a computation in flight when it died fails (503 to the caller), the next one works.
 */
export class ChildProcessHasher implements PasswordHasher {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { child: ChildProcess; resolve: (value: string | boolean) => void; reject: (error: Error) => void }>();

  constructor(
    private readonly threads: number,
    private readonly nice = configuredNice(),
  ) {}

  /** The helper's process id, once started (tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  hash(password: string, options: argon2.Options): Promise<string> {
    return this.request({ op: 'hash', password, options }) as Promise<string>;
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return this.request({ op: 'verify', password, passwordHash }) as Promise<boolean>;
  }

  close(): void {
    this.child?.kill();
    this.child = null;
  }

  private request(request: Omit<HashRequest, 'id'>): Promise<string | boolean> {
    const child = this.helper();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { child, resolve, reject });
      // Held open only while a computation is out: an idle helper keeps no process alive.
      child.channel?.ref();
      child.send({ ...request, id } satisfies HashRequest, (error) => error && this.settle({ id, error: error.message }));
    });
  }

  private helper(): ChildProcess {
    if (this.child) return this.child;
    const child = spawn(process.execPath, ['-e', helperProgram(require.resolve('argon2'), this.nice)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Nothing of identity's environment (its keys and passwords): only enough pool threads
      // for the configured concurrency (libuv's default is 4).
      env: { UV_THREADPOOL_SIZE: String(Math.max(4, this.threads)) },
    });
    child.on('message', (reply: HashReply) => this.settle(reply));
    child.on('exit', () => {
      if (this.child === child) this.child = null;
      for (const [id, waiting] of this.pending) if (waiting.child === child) this.settle({ id, error: 'the password hashing process ended' });
    });
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  private settle(reply: HashReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.child?.channel?.unref();
    if (reply.error !== undefined) waiting.reject(new HashingInterrupted(reply.error));
    else waiting.resolve(reply.result as string | boolean);
  }
}
