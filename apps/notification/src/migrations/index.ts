import { CreateNotificationSchema1763800000000 } from './1763800000000-create-notification-schema';

/** In order; a migration, once committed, is never edited. */
export const notificationMigrations = [CreateNotificationSchema1763800000000];
