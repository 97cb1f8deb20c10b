import { EntityManager } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * Locks the account's users row until the transaction ends and returns it as it is now
 * (null once it is gone or soft-deleted).
 *
 * The rule that keeps refresh tokens and revocations apart: whatever issues a refresh
 * token (sign-in, email confirmation, refresh) and whatever revokes them (sign-out, reuse
 * detection, and every bulk revocation: suspension, role change, password change and reset,
 * deletion) takes this lock first, before it reads or writes refresh_tokens, and decides
 * only on what it reads after. So they take turns per account: an issuer that got in first
 * has committed its token before the revocation looks for the account's sessions (each
 * statement under READ COMMITTED sees what committed before it), and one that comes after
 * sees the revocation (tokens revoked, account suspended or deleted, password changed)
 * and issues nothing.
 *
 * FOR NO KEY UPDATE: exclusive among these (a caller that already holds FOR UPDATE keeps
 * it), yet the foreign keys of rows inserted meanwhile by others (audit, devices) do not
 * wait for it. Exclusive, not shared, because a holder may go on to write the row or to
 * revoke, and two sharers upgrading would deadlock.
 */
export function lockAccount(manager: EntityManager, userId: string): Promise<User | null> {
  return manager.createQueryBuilder(User, 'user').setLock('for_no_key_update').where('user.id = :id', { id: userId }).getOne();
}

/**
 * Share-locks the account's users row until the transaction ends and returns it as it is
 * now (null once it is gone or soft-deleted): for deciding on an administrator who acts,
 * not on the account acted on. Every change to an account's role or status (demotion,
 * suspension, deletion) writes the row, so one under way has committed before this returns,
 * and none commits before the caller's transaction ends: what the caller is allowed to do is
 * decided on the account as stored, and stays true while it acts.
 *
 * FOR SHARE, not lockAccount's exclusive lock: the holder never writes this row, and admins'
 * actions need not wait for one another. Taken before the row of the account acted on (and
 * after the administrator lock, where one is taken), the order account-administration uses.
 */
export function lockAccountShared(manager: EntityManager, userId: string): Promise<User | null> {
  return manager.createQueryBuilder(User, 'user').setLock('pessimistic_read').where('user.id = :id', { id: userId }).getOne();
}
