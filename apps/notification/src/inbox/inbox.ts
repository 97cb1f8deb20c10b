import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { NotificationCategory, NotificationEvents, NotificationType } from '@portal/contracts';
import { addToOutbox } from '@portal/messaging';
import { isErased } from '../erasure/erased-users';
import { Notification } from './notification.entity';

/** A notification text's raw values by name (see Notification.textParams). */
export type NotificationTextParams = Record<string, string>;

export interface NewNotification {
  userId: string;
  /** In the recipient's saved language when it is made: what old clients, exports and an unknown code show. */
  title: string;
  message: string;
  /** The text's code and values, for the reader's language (see domain-event-notifications Content). */
  textKey: string | null;
  textParams: NotificationTextParams | null;
  type: NotificationType;
  category: NotificationCategory;
  /** The event it is made from: one notification per event and user, however often it comes. */
  sourceEventId: string;
}

/** Stores a user's notification and announces it (the gateway tells their open browsers). */
@Injectable()
export class Inbox {
  /**
   * Inside the caller's transaction; false when this event's notification already exists,
   * or when the user's account was deleted (a late event must not write for them again).
   */
  async deliver(manager: EntityManager, notification: NewNotification): Promise<boolean> {
    if (await isErased(manager, notification.userId)) return false;
    const id = randomUUID();
    const inserted = await manager.createQueryBuilder().insert().into(Notification).values({ id, ...notification, expiresAt: null, readAt: null, broadcastId: null }).orIgnore().returning('id').execute();
    if ((inserted.raw as unknown[]).length === 0) return false;
    await addToOutbox(manager, NotificationEvents.notificationCreated, {
      notificationId: id,
      userId: notification.userId,
      title: notification.title,
      type: notification.type,
      category: notification.category,
    });
    return true;
  }
}
