import { ErrorBody } from '@portal/contracts';
import { ServiceCallError } from '@portal/messaging';
import { StandIn, TestServiceClient } from '@portal/testing';
import { IdentityHarness, startIdentity } from './identity-harness';
import { emptyLedger } from './played-ledger';

/**
 * Deterministic interleavings of two commands (see sessions/session-revocation-races.int-spec.ts):
 * the test's own connection holds a lock that stops both at a known point, then lets both go.
 */

/** A command's outcome: its answer, or the refusal a client would see (a 500 included). */
export type Outcome<T> = T | Refusal;

/** A refusal, told from an answer by the class, with the body the gateway would turn into HTTP. */
export class Refusal {
  constructor(readonly body: ErrorBody) {}
}

export function isRefusal<T>(outcome: Outcome<T>): outcome is Refusal {
  return outcome instanceof Refusal;
}

/** The command's outcome; never rejects for a refusal, so a waiting test still ends its own transaction. */
export function outcomeOf<T>(call: Promise<T>): Promise<Outcome<T>> {
  return call.catch((error: unknown) => {
    if (error instanceof ServiceCallError) return new Refusal(error.body);
    throw error;
  });
}

/**
 * How many other backends of this database wait for a lock. The hourly clean-ups do not count
 * (their batched DELETE ... IN (SELECT ... LIMIT n)); a deletion's DELETE of the account's rows does.
 */
export async function waitingForLocks(harness: IdentityHarness): Promise<number> {
  // Asked inside the transaction that holds the lock, where PostgreSQL would otherwise keep
  // showing the backends as they were at its first look (a pool connection opened since,
  // the one that now waits, would never count).
  await harness.database.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await harness.database.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query NOT ILIKE 'DELETE FROM % IN (SELECT % LIMIT %'`,
  );
  return rows[0].n;
}

/**
 * Until `count` statements wait for a lock, or until one of `outcomes` is in: code that
 * takes no lock where the test expects it does not wait at all, and then the test should
 * fail on what that command answered rather than on this wait.
 */
export async function untilWaiting(harness: IdentityHarness, count: number, outcomes: Promise<unknown>[] = []): Promise<void> {
  let settled = false;
  for (const outcome of outcomes) void outcome.then(() => (settled = true), () => (settled = true));
  // Generous: a command may hash a password before it reaches its lock, and on a busy CI
  // machine the hashing process (lower priority) may take seconds.
  const deadline = Date.now() + 60_000;
  while (!settled && (await waitingForLocks(harness)) < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} statement(s) waiting for a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A statement the holding transaction runs: SQL alone, or with its parameters. */
export type HoldStatement = string | { text: string; values: unknown[] };

/**
 * Holds what `hold` locks (statements run in one transaction of the test's connection),
 * runs `first` until it waits for a lock, then `second` until it waits too (or either has
 * answered), then lets both go; their outcomes.
 */
export async function interleave<A, B>(harness: IdentityHarness, hold: HoldStatement[], first: () => Promise<A>, second: () => Promise<B>): Promise<[Outcome<A>, Outcome<B>]> {
  await harness.database.query('BEGIN');
  let a: Promise<Outcome<A>> | undefined;
  let b: Promise<Outcome<B>> | undefined;
  try {
    for (const statement of hold) await (typeof statement === 'string' ? harness.database.query(statement) : harness.database.query(statement.text, statement.values));
    a = outcomeOf(first());
    await untilWaiting(harness, 1, [a]);
    b = outcomeOf(second());
    await untilWaiting(harness, 2, [a, b]);
  } finally {
    await harness.database.query('COMMIT');
  }
  return Promise.all([a, b]);
}


/** What a race spec runs against: identity on its own database, and a client to race with. */
export interface RaceHarness {
  readonly harness: IdentityHarness;
  /** As patient as the gateway is with password checks: a hash queued behind others may take seconds before the race reaches its locks. */
  readonly patient: TestServiceClient;
}

/**
 * Identity for the race spec (describe block) it is called in, with a ledger that holds no
 * money (so deletions may go ahead): started before its tests (beforeAll hooks registered
 * after this call see it started) and stopped after them.
 */
export function raceHarness(label: string): RaceHarness {
  let harness: IdentityHarness | undefined;
  let patient: TestServiceClient | undefined;
  let ledger: StandIn | undefined;

  beforeAll(async () => {
    harness = await startIdentity(label);
    patient = await TestServiceClient.connect(harness.infrastructure.nats.url, 60_000, { env: harness.infrastructure.env });
    ledger = await emptyLedger(harness);
  });

  afterAll(async () => {
    ledger?.unsubscribe();
    await patient?.close();
    await harness?.stop();
  });

  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error(`the race harness ${label} is used before it started`);
    return part;
  };
  return {
    get harness() {
      return started(harness);
    },
    get patient() {
      return started(patient);
    },
  };
}
