import { CreateNotificationSchema1763800000000 } from './1763800000000-create-notification-schema';
import { CreateNotifications1764000000000 } from './1764000000000-create-notifications';

/** In order; a migration, once committed, is never edited. */
export const notificationMigrations = [CreateNotificationSchema1763800000000, CreateNotifications1764000000000];
