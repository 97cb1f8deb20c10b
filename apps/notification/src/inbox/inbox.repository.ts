import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { preparedQuery } from '@portal/database';
import { Notification } from './notification.entity';

/** Still showing: not expired. Expired notifications are hidden everywhere, the count included. */
const VISIBLE = '(n.expires_at IS NULL OR n.expires_at > now())';

const UNREAD_COUNT_SQL = `SELECT count(*)::int AS count FROM notification.notifications n WHERE n.user_id = $1 AND n.read_at IS NULL AND ${VISIBLE}`;

export interface InboxPageQuery {
  limit: number;
  offset: number;
  unreadOnly: boolean;
}

/** The SQL of a person's own notifications (notification.notifications), never expired ones. */
@Injectable()
export class InboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest first; the page and the total of the user's visible notifications. */
  page(userId: string, { limit, offset, unreadOnly }: InboxPageQuery): Promise<[Notification[], number]> {
    const query = this.dataSource
      .getRepository(Notification)
      .createQueryBuilder('n')
      .where('n.userId = :userId', { userId })
      .andWhere(VISIBLE)
      .orderBy('n.createdAt', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .skip(offset)
      .take(limit);
    if (unreadOnly) query.andWhere('n.readAt IS NULL');
    return query.getManyAndCount();
  }

  async unreadCount(userId: string): Promise<number> {
    // The partial index on unread rows makes this an index-only walk over the user's unread;
    // prepared, as the bell asks on every page.
    const [{ count }] = await preparedQuery<{ count: number }>(this.dataSource, 'notification.unread-count', UNREAD_COUNT_SQL, [userId]);
    return count;
  }

  /** How many were marked read now: 0 when already read, someone else's, missing or expired. */
  async markRead(notificationId: string, userId: string): Promise<number> {
    const updated: unknown[] = await this.dataSource.query(
      `UPDATE notification.notifications n SET read_at = now() WHERE n.id = $1 AND n.user_id = $2 AND n.read_at IS NULL AND ${VISIBLE} RETURNING n.id`,
      [notificationId, userId],
    );
    return (updated[0] as unknown[] | undefined)?.length ?? 0;
  }

  /** Whether the user has this notification and it still shows (read or not). */
  isVisibleTo(notificationId: string, userId: string): Promise<boolean> {
    return this.dataSource.getRepository(Notification).createQueryBuilder('n').where('n.id = :notificationId AND n.userId = :userId', { notificationId, userId }).andWhere(VISIBLE).getExists();
  }

  async markAllRead(userId: string): Promise<number> {
    const updated: unknown[] = await this.dataSource.query(
      `UPDATE notification.notifications n SET read_at = now() WHERE n.user_id = $1 AND n.read_at IS NULL AND ${VISIBLE} RETURNING n.id`,
      [userId],
    );
    return (updated[0] as unknown[] | undefined)?.length ?? 0;
  }
}
