import { Controller } from '@nestjs/common';
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
import { CommandActor, CommandPayload, HandlesCommand, ServiceError } from '@portal/messaging';
import { InboxRepository } from './inbox.repository';

function signedIn(actor: Actor | null): Actor {
  if (!actor) throw ServiceError.of(401, 'unauthenticated');
  return actor;
}

/** The signed-in user's own notifications: list, unread count, mark read. */
@Controller()
export class InboxController {
  constructor(private readonly inbox: InboxRepository) {}

  @HandlesCommand(NotificationCommands.list)
  async list(@CommandActor() actor: Actor, @CommandPayload() payload: NotificationListPayload): Promise<NotificationPage> {
    const { userId } = signedIn(actor);
    const limit = payload.limit ?? 20;
    const offset = payload.cursor && /^\d{1,9}$/.test(payload.cursor) ? Number(payload.cursor) : 0;
    const [rows, total] = await this.inbox.page(userId, { limit, offset, unreadOnly: payload.unreadOnly === 'true' });
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
    return { count: await this.inbox.unreadCount(userId) };
  }

  @HandlesCommand(NotificationCommands.markRead)
  async markRead(@CommandActor() actor: Actor, @CommandPayload() { notificationId }: NotificationIdPayload): Promise<MarkedRead> {
    const { userId } = signedIn(actor);
    const count = await this.inbox.markRead(notificationId, userId);
    // Already read is fine; someone else's (or none, or expired) is "not found".
    if (count === 0 && !(await this.inbox.isVisibleTo(notificationId, userId))) throw ServiceError.of(404, 'notification_not_found');
    return { updated: count };
  }

  @HandlesCommand(NotificationCommands.markAllRead)
  async markAllRead(@CommandActor() actor: Actor, @CommandPayload() _payload: EmptyPayload): Promise<MarkedRead> {
    const { userId } = signedIn(actor);
    return { updated: await this.inbox.markAllRead(userId) };
  }
}
