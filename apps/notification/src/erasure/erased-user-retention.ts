import { DataSource } from 'typeorm';
import { purgeExpired, RetentionRule } from '@portal/database';
import { ErasedUser } from './erased-user.entity';

/**
 * How long a tombstone stays. It must outlast every way an event about the person can
 * still arrive: JetStream keeps events 7 days (a redelivery, a consumer catching up), an
 * event that kept failing is dead-lettered and can be replayed for 30 days after that, and
 * a processed-event record, which stops plain repeats, lives 30 days. 60 days covers the
 * longest (7 + 30) with room; a tombstone holds only the user id and a time.
 */
export const ERASED_USER_RETENTION_DAYS = 60;

/** Purged hourly by NotificationRetention. */
export const ERASED_USER_RULE: RetentionRule = { name: 'erased users', entity: ErasedUser, column: 'erased_at', keepDays: ERASED_USER_RETENTION_DAYS };

/**
 * Deletes tombstones older than the retention as of `now` (the service Clock's, never the
 * wall clock's: no default), in small batches; returns how many went. Safe on several replicas at once.
 */
export async function purgeOldErasedUsers(dataSource: DataSource, now: Date): Promise<number> {
  return (await purgeExpired(dataSource, [ERASED_USER_RULE], now))[ERASED_USER_RULE.name];
}
