import { EntityManager } from 'typeorm';
import { ErasedUser } from './erased-user.entity';

/*
 * Tombstones and the locks that make them hold under concurrency. Events of different
 * streams (and replicas) are handled at once: without a lock, a ledger event could check
 * "not erased", the erasure could then delete and commit, and the ledger event's new
 * notification would commit after it, for nobody. So every handler that writes something
 * for a user takes that user's lock shared before it checks, and the erasure takes it
 * exclusively before it deletes: whichever comes second sees what the first committed.
 * A broadcast writes for thousands at once, so it takes one broadcasts lock shared instead,
 * which an erasure also takes exclusively. Erasures are rare; the shared locks never wait
 * on each other. Transaction-scoped (READ COMMITTED, as handleEventOnce runs): released at
 * commit or rollback.
 */
const userLock = (userId: string) => `notification:erasure:${userId}`;
const BROADCASTS_LOCK = 'notification:erasure:broadcasts';

/**
 * Whether the user's account was deleted, inside the caller's transaction. Call it before
 * writing a notification, a recipient or preferences row, or queueing an email for them;
 * the lock it takes keeps an erasure from committing in between.
 */
export async function isErased(manager: EntityManager, userId: string): Promise<boolean> {
  await manager.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [userLock(userId)]);
  // A statement of its own: its snapshot is taken after the lock, so it sees an erasure that committed meanwhile.
  const rows: unknown[] = await manager.query('SELECT 1 FROM "notification"."erased_users" WHERE "user_id" = $1', [userId]);
  return rows.length > 0;
}

/**
 * Before an erasure deletes anything: waits for the transactions writing for this user (or
 * broadcasting) to commit, so that its deletes see their rows, and holds them off until it
 * commits, so that they then see its tombstone.
 */
export async function lockForErasure(manager: EntityManager, userId: string): Promise<void> {
  // Always in this order (user, then broadcasts), so two erasures cannot deadlock.
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [userLock(userId)]);
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [BROADCASTS_LOCK]);
}

/**
 * Writes the tombstone. A repeat (the event redelivered, or replayed from the dead letters)
 * moves its time forward, so it stays as long after the last deletion event as after the first.
 */
export async function recordErasure(manager: EntityManager, userId: string, now: Date): Promise<void> {
  await manager.createQueryBuilder().insert().into(ErasedUser).values({ userId, erasedAt: now }).orUpdate(['erased_at'], ['user_id']).execute();
}

/**
 * Of these users, those not erased, for a broadcast inside its transaction (after the
 * broadcasts lock, so an erasure cannot commit between this and the broadcast's insert).
 */
export async function withoutErased(manager: EntityManager, userIds: string[]): Promise<string[]> {
  await manager.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [BROADCASTS_LOCK]);
  const rows: { user_id: string }[] = await manager.query(
    `SELECT u.user_id FROM unnest($1::uuid[]) WITH ORDINALITY AS u(user_id, position)
     WHERE NOT EXISTS (SELECT 1 FROM "notification"."erased_users" e WHERE e.user_id = u.user_id) ORDER BY u.position`,
    [userIds],
  );
  return rows.map((row) => row.user_id);
}
