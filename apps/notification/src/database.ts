import { eventEntities } from '@portal/messaging';
import { EmailDelivery } from './email/email-delivery.entity';
import { notificationMigrations } from './migrations';

export const NOTIFICATION_SCHEMA = 'notification';
export const notificationEntities = [...eventEntities, EmailDelivery];

/** The service's database, shared by the service process and the email worker process. */
export function notificationDatabase(databaseUrl: string) {
  return { schema: NOTIFICATION_SCHEMA, url: databaseUrl, entities: notificationEntities, migrations: notificationMigrations };
}
