import { databaseConnection, DatabaseEnvironment } from '@portal/database';
import { eventEntities } from '@portal/messaging';
import { Broadcast } from './broadcasts/broadcast.entity';
import { EmailDelivery } from './email/email-delivery.entity';
import { ErasedUser } from './erasure/erased-user.entity';
import { Notification } from './inbox/notification.entity';
import { GippConfirmation, Recipient } from './inbox/recipient.entity';
import { notificationMigrations } from './migrations';
import { NotificationPreference } from './preferences/notification-preference.entity';
import { WebhookDelivery, WebhookEndpoint } from './webhooks/webhook.entities';

export const NOTIFICATION_SCHEMA = 'notification';
export const notificationEntities = [...eventEntities, EmailDelivery, Notification, Broadcast, Recipient, GippConfirmation, NotificationPreference, ErasedUser, WebhookEndpoint, WebhookDelivery];

/** The service's database, shared by the service process and the email worker process. */
export function notificationDatabase(environment: DatabaseEnvironment) {
  return { schema: NOTIFICATION_SCHEMA, ...databaseConnection(environment), entities: notificationEntities, migrations: notificationMigrations };
}
