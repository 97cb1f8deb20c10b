import { DataSource, EntityManager } from 'typeorm';

/**
 * Work that must run on one replica at a time across the cluster (a scheduled job, a
 * service's outbox relay) takes a PostgreSQL advisory lock named by `key`: one key per job
 * per service ("retention:identity:…"). Locks are transaction-level, so they also hold
 * behind PgBouncer in transaction mode, and PostgreSQL frees them when the holder's
 * connection dies: a replica that crashes mid-run hands the job to the next one.
 */

/**
 * Takes the lock for the rest of `manager`'s transaction: true when taken, false when
 * another replica holds it. With `wait`, waits for it instead (an operator or a test).
 */
export async function takeClusterLock(manager: EntityManager, key: string, options: { wait?: boolean } = {}): Promise<boolean> {
  if (options.wait) {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    return true;
  }
  const [{ locked }] = (await manager.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [key])) as { locked: boolean }[];
  return locked;
}

export type ClusterRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `work` unless another replica is running the job of the same key (then returns
 * `{ ran: false }` at once). The lock is held by a transaction kept open on a connection of
 * its own for the whole run, so `work` commits in as many small transactions as it likes
 * on the data source's other connections (a purge in batches holds no row lock for long).
 */
export async function runOncePerCluster<T>(dataSource: DataSource, key: string, work: () => Promise<T>): Promise<ClusterRun<T>> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    if (!(await takeClusterLock(runner.manager, key))) {
      await runner.rollbackTransaction();
      return { ran: false };
    }
    try {
      return { ran: true, result: await work() };
    } finally {
      // Ending the transaction frees the lock; a connection lost meanwhile has freed it already.
      await runner.commitTransaction().catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
