import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Actor,
  EmptyPayload,
  MarkedRead,
  NotificationCommands,
  NotificationIdPayload,
  NotificationListPayload,
  NotificationPage,
  UnreadCount,
} from '@portal/contracts';
import { preparedQuery } from '@portal/database';
import { CommandActor, CommandPayload, HandlesCommand, ServiceError } from '@portal/messaging';
import { Notification } from './notification.entity';

/** Still showing: not expired. Expired notifications are hidden everywhere, the count included. */
const VISIBLE = '(n.expires_at IS NULL OR n.expires_at > now())';

const UNREAD_COUNT_SQL = `SELECT count(*)::int AS count FROM notification.notifications n WHERE n.user_id = $1 AND n.read_at IS NULL AND ${VISIBLE}`;

function signedIn(actor: Actor | null): Actor {
  if (!actor) throw ServiceError.of(401, 'unauthenticated');
  return actor;
}

/** The signed-in user's own notifications: list, unread count, mark read. */
@Controller()
export class InboxController {
  constructor(private readonly dataSource: DataSource) {}

  @HandlesCommand(NotificationCommands.list)
  async list(@CommandActor() actor: Actor, @CommandPayload() payload: NotificationListPayload): Promise<NotificationPage> {
    const { userId } = signedIn(actor);
    const limit = payload.limit ?? 20;
    const offset = payload.cursor && /^\d{1,9}$/.test(payload.cursor) ? Number(payload.cursor) : 0;
    const query = this.dataSource
      .getRepository(Notification)
      .createQueryBuilder('n')
      .where('n.userId = :userId', { userId })
      .andWhere(VISIBLE)
      .orderBy('n.createdAt', 'DESC')
      .addOrderBy('n.id', 'DESC')
      .skip(offset)
      .take(limit);
    if (payload.unreadOnly === 'true') query.andWhere('n.readAt IS NULL');
    const [rows, total] = await query.getManyAndCount();
    return {
      items: rows.map((row) => ({
        id: row.id,
        title: row.title,
        message: row.message,
        textKey: row.textKey,
        textParams: row.textKey ? row.textParams ?? {} : null,
        type: row.type,
        category: row.category,
        expiresAt: row.expiresAt?.toISOString() ?? null,
        readAt: row.readAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor: offset + rows.length < total ? String(offset + rows.length) : null,
      total,
    };
  }

  @HandlesCommand(NotificationCommands.unreadCount)
  async unreadCount(@CommandActor() actor: Actor, @CommandPayload() _payload: EmptyPayload): Promise<UnreadCount> {
    const { userId } = signedIn(actor);
    // The partial index on unread rows makes this an index-only walk over the user's unread;
    // prepared, as the bell asks on every page.
    const [{ count }] = await preparedQuery<{ count: number }>(this.dataSource, 'notification.unread-count', UNREAD_COUNT_SQL, [userId]);
    return { count };
  }

  @HandlesCommand(NotificationCommands.markRead)
  async markRead(@CommandActor() actor: Actor, @CommandPayload() { notificationId }: NotificationIdPayload): Promise<MarkedRead> {
    const { userId } = signedIn(actor);
    const updated: unknown[] = await this.dataSource.query(
      `UPDATE notification.notifications n SET read_at = now() WHERE n.id = $1 AND n.user_id = $2 AND n.read_at IS NULL AND ${VISIBLE} RETURNING n.id`,
      [notificationId, userId],
    );
    const count = (updated[0] as unknown[] | undefined)?.length ?? 0;
    if (count === 0) {
      // Already read is fine; someone else's (or none, or expired) is "not found".
      const exists = await this.dataSource.getRepository(Notification).createQueryBuilder('n').where('n.id = :notificationId AND n.userId = :userId', { notificationId, userId }).andWhere(VISIBLE).getExists();
      if (!exists) throw ServiceError.of(404, 'notification_not_found');
    }
    return { updated: count };
  }

  @HandlesCommand(NotificationCommands.markAllRead)
  async markAllRead(@CommandActor() actor: Actor, @CommandPayload() _payload: EmptyPayload): Promise<MarkedRead> {
    const { userId } = signedIn(actor);
    const updated: unknown[] = await this.dataSource.query(
      `UPDATE notification.notifications n SET read_at = now() WHERE n.user_id = $1 AND n.read_at IS NULL AND ${VISIBLE} RETURNING n.id`,
      [userId],
    );
    return { updated: (updated[0] as unknown[] | undefined)?.length ?? 0 };
  }
}
