import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { preparedQuery } from '@portal/database';
import { Notification } from './notification.entity';

/**
 * Still showing at `at` (a parameter holding the service Clock's now, not the database's:
 * outside production the clock runs ahead, and tests move it). Expired notifications are
 * hidden everywhere, the count included.
 */
export const visibleAt = (at: string) => `(n.expires_at IS NULL OR n.expires_at > ${at})`;

const UNREAD_COUNT_SQL = `SELECT count(*)::int AS count FROM notification.notifications n WHERE n.user_id = $1 AND n.read_at IS NULL AND ${visibleAt('$2')}`;

export interface InboxPageQuery {
  limit: number;
  offset: number;
  unreadOnly: boolean;
}

/** The SQL of a person's own notifications (notification.notifications), never expired ones. */
@Injectable()
export class InboxRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Newest first; the page and the total of the user's visible notifications. */
  page(userId: string, { limit, offset, unreadOnly }: InboxPageQuery): Promise<[Notification[], number]> {
    const query = this.dataSource
      .getRepository(Notification)
      .createQueryBuilder('n')
      .where('n.userId = :userId', { userId })
      .andWhere(visibleAt(':now'), { now: this.clock.now() })
      .orderBy('n.createdAt', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .skip(offset)
      .take(limit);
    if (unreadOnly) query.andWhere('n.readAt IS NULL');
    return query.getManyAndCount();
  }

  async unreadCount(userId: string): Promise<number> {
    // The partial index on unread rows makes this an index-only walk over the user's unread;
    // prepared, as the bell asks on every page. A name belongs to one text: v2 since "now" became a parameter.
    const [{ count }] = await preparedQuery<{ count: number }>(this.dataSource, 'notification.unread-count.v2', UNREAD_COUNT_SQL, [userId, this.clock.now()]);
    return count;
  }

  /** How many were marked read now: 0 when already read, someone else's, missing or expired. */
  async markRead(notificationId: string, userId: string): Promise<number> {
    const updated: unknown[] = await this.dataSource.query(
      `UPDATE notification.notifications n SET read_at = $3 WHERE n.id = $1 AND n.user_id = $2 AND n.read_at IS NULL AND ${visibleAt('$3')} RETURNING n.id`,
      [notificationId, userId, this.clock.now()],
    );
    return (updated[0] as unknown[] | undefined)?.length ?? 0;
  }

  /** Whether the user has this notification and it still shows (read or not). */
  isVisibleTo(notificationId: string, userId: string): Promise<boolean> {
    return this.dataSource
      .getRepository(Notification)
      .createQueryBuilder('n')
      .where('n.id = :notificationId AND n.userId = :userId', { notificationId, userId })
      .andWhere(visibleAt(':now'), { now: this.clock.now() })
      .getExists();
  }

  async markAllRead(userId: string): Promise<number> {
    const updated: unknown[] = await this.dataSource.query(
      `UPDATE notification.notifications n SET read_at = $2 WHERE n.user_id = $1 AND n.read_at IS NULL AND ${visibleAt('$2')} RETURNING n.id`,
      [userId, this.clock.now()],
    );
    return (updated[0] as unknown[] | undefined)?.length ?? 0;
  }
}
