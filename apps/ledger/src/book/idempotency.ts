import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { ServiceError } from '@portal/messaging';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(operation: string, body: object): string {
  const { idempotencyKey: _ignored, ...request } = body as { idempotencyKey?: string };
  return createHash('sha256').update(`${operation}\n${canonical(request)}`).digest('hex');
}

/** The first reply stored under the key, or 422 when the key was used for another request. */
export async function firstReply<T>(manager: EntityManager, userId: string, key: string, hash: string): Promise<T> {
  const [first] = await manager.query(`SELECT request_hash, response FROM ledger.idempotency_keys WHERE user_id = $1 AND key = $2`, [userId, key]);
  if (!first || first.request_hash !== hash || first.response === null) {
    throw ServiceError.of(422, 'idempotency_key_reused');
  }
  return first.response as T;
}

/** Whether a committed request of this user holds the key. */
export async function keyRecorded(manager: EntityManager, userId: string, key: string): Promise<boolean> {
  const [known] = await manager.query(`SELECT 1 FROM ledger.idempotency_keys WHERE user_id = $1 AND key = $2`, [userId, key]);
  return Boolean(known);
}

/** Drops the stored replies of one operation of a user (their text must not outlive what it repeats). */
export async function forgetReplies(manager: EntityManager, userId: string, operation: string): Promise<void> {
  await manager.query(`DELETE FROM ledger.idempotency_keys WHERE user_id = $1 AND operation = $2`, [userId, operation]);
}

/** The key of this user was taken by a committed request (unique violation on the key). */
export function keyTaken(error: unknown): boolean {
  return (error as { constraint?: string }).constraint === 'pk_idempotency_keys';
}

/**
 * Runs a money-moving command once per user and Idempotency-Key, in the caller's
 * transaction: the key row is inserted first (a concurrent repeat waits on it), and the
 * reply is stored with the change. A repeat with the same body gets the first reply;
 * another body is 422. A request that failed stored nothing, so its repeat runs again.
 */
export async function once<T>(
  manager: EntityManager,
  userId: string,
  key: string | undefined,
  operation: string,
  body: object,
  work: () => Promise<T>,
): Promise<T> {
  if (!key) return work();
  const hash = requestHash(operation, body);
  const inserted: unknown[] = await manager.query(
    `INSERT INTO ledger.idempotency_keys (user_id, key, operation, request_hash) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, key) DO NOTHING RETURNING 1`,
    [userId, key, operation, hash],
  );
  if (inserted.length === 0) return firstReply<T>(manager, userId, key, hash);
  const result = await work();
  await manager.query(`UPDATE ledger.idempotency_keys SET response = $3 WHERE user_id = $1 AND key = $2`, [userId, key, JSON.stringify(result)]);
  return result;
}
