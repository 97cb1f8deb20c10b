import { IsIn, IsInt, IsOptional, IsString, IsUUID, MaxLength, Min } from 'class-validator';
import { defineEvent } from '../common/messages';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES, NotificationCategory, NotificationType } from './commands';

/** A notification for one user was stored (the gateway tells their open browsers). */
export class NotificationCreatedEvent {
  @IsUUID() notificationId: string;
  @IsUUID() userId: string;
  @IsString() @MaxLength(200) title: string;
  @IsIn(NOTIFICATION_TYPES) type: NotificationType;
  @IsIn(NOTIFICATION_CATEGORIES) category: NotificationCategory;
}

/**
 * A broadcast was stored for all its recipients at once. One event for the whole
 * audience: each gateway replica asks which of its connected users are recipients.
 */
export class BroadcastSentEvent {
  @IsUUID() broadcastId: string;
  @IsUUID() sentBy: string;
  @IsString() @MaxLength(200) title: string;
  @IsIn(NOTIFICATION_TYPES) type: NotificationType;
  @IsInt() @Min(1) recipientCount: number;
  /** Set when the broadcast went to one user. */
  @IsOptional() @IsUUID() userId?: string | null;
}

export const notificationCreated = defineEvent('notification.notification.created.v1', NotificationCreatedEvent);
export const broadcastSent = defineEvent('notification.broadcast.sent.v1', BroadcastSentEvent);
