import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';
import { ServiceError } from '@portal/messaging';
import { ChildProcessHasher, HashingInterrupted, PasswordHasher } from './password-hasher';

/**
 * argon2id, 64 MiB, 3 passes, 1 lane: memory and passes above OWASP's minimum (19 MiB, 2
 * passes, 1 lane). One lane rather than the library's 4: the cost to an attacker is the
 * same memory and passes, but one computation then takes one core instead of every core,
 * so sign-ins cannot starve the other requests (measured with npm run bench). Hashes made
 * with other parameters still verify, and are remade with these at the next sign-in.
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 1 } as const;

/** A queued computation whose caller had stopped waiting by its turn. */
export class WaitedTooLong extends Error {
  constructor() {
    super('waited longer than its caller could');
    this.name = 'WaitedTooLong';
  }
}

/**
 * At most `max` tasks at a time; the others wait their turn in arrival order. A finishing
 * task hands its slot straight to the next in line.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`concurrency must be a positive integer, not ${max}`);
  }

  /** Tasks running now, and tasks waiting for a slot. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /**
   * Runs the task when a slot is free. A task whose turn comes after more than
   * `maxWaitMs` is not run: its caller has given up (the command timed out), so the
   * work would only delay those still waiting. It rejects with WaitedTooLong instead.
   */
  async run<T>(task: () => Promise<T>, maxWaitMs = Infinity): Promise<T> {
    if (this.running < this.max) this.running++;
    else {
      const queuedAt = Date.now();
      await new Promise<void>((resolve) => this.queue.push(resolve));
      if (Date.now() - queuedAt > maxWaitMs) {
        this.release();
        throw new WaitedTooLong();
      }
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}

/**
 * PASSWORD_HASHING_CONCURRENCY's default: one computation (one core) at a time, so on a
 * two-core machine the other core keeps serving everything else during a burst of
 * sign-ins. Raise it on larger machines; add replicas for more sign-ins per second.
 */
export const DEFAULT_PASSWORD_HASHING_CONCURRENCY = 1;

/**
 * How long the gateway waits for a command that checks or sets a password
 * (PASSWORD_CHECK_WAIT_MS, longer than other commands' so that a burst of sign-ins queues
 * rather than fails); a hash queued longer is skipped, its caller having given up.
 */
function callerPatienceMs(): number {
  const value = Number(process.env.PASSWORD_CHECK_WAIT_MS);
  return Number.isInteger(value) && value > 0 ? value : 30_000;
}

function configuredConcurrency(): number {
  // IdentityEnvironment validated the variable at start; a process without it (a CLI) takes the default.
  const value = Number(process.env.PASSWORD_HASHING_CONCURRENCY);
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_PASSWORD_HASHING_CONCURRENCY;
}

let hashing: ConcurrencyLimit | undefined;

/**
 * Every argon2 computation of the process goes through this limit. Each takes a core for
 * its whole time, so a burst of sign-ins would otherwise take every core away from the
 * requests that need none; waiting sign-ins queue instead, in arrival order. What does run
 * runs at a lower priority than the service (password-hasher.ts).
 */
function passwordHashing(): ConcurrencyLimit {
  hashing ??= new ConcurrencyLimit(configuredConcurrency());
  return hashing;
}

/** Sets the limit (tests, or a process that reads its configuration elsewhere). */
export function setPasswordHashingConcurrency(max: number): void {
  hashing = new ConcurrencyLimit(max);
}

let hasher: PasswordHasher | undefined;

/** Where the computations run: a helper process of lower priority (password-hasher.ts). */
function passwordHasher(): PasswordHasher {
  hasher ??= new ChildProcessHasher(configuredConcurrency());
  return hasher;
}

/** Runs the computations elsewhere (tests that mock argon2 run them in this process); ends the previous helper. */
export function setPasswordHasher(next: PasswordHasher): void {
  hasher?.close();
  hasher = next;
}

/** Thrown when the hashing queue was too long for the caller, or its helper process ended: 503, and not the caller's failure. */
function busy(error: unknown): never {
  if (error instanceof WaitedTooLong || error instanceof HashingInterrupted) throw ServiceError.of(503, 'sign_in_busy');
  throw error;
}

export function hashPassword(password: string): Promise<string> {
  return passwordHashing().run(() => passwordHasher().hash(password, HASH_OPTIONS), callerPatienceMs()).catch(busy);
}

/** False for a wrong password and for a hash the library cannot read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordHashing()
    .run(() => passwordHasher().verify(passwordHash, password), callerPatienceMs())
    .catch(busy);
}

/** Whether a stored hash was made with other parameters than today's (then it is remade at sign-in). */
export function passwordNeedsRehash(passwordHash: string): boolean {
  try {
    return argon2.needsRehash(passwordHash, HASH_OPTIONS);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when there is no account to check against, so
 * the response time does not tell whether an email is registered: one verification,
 * queued behind the same limit as every other. Always false.
 */
export async function verifyAgainstNoAccount(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}
