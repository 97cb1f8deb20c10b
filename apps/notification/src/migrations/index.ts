import { CreateNotificationSchema1763800000000 } from './1763800000000-create-notification-schema';
import { CreateNotifications1764000000000 } from './1764000000000-create-notifications';
import { CreateNotificationPreferences1795474017510 } from './1795474017510-create-notification-preferences';
import { AddNotificationPreferenceLanguage1795600000000 } from './1795600000000-add-notification-preference-language';
import { OrderNotificationOutboxEvents1795700000000 } from './1795700000000-order-notification-outbox-events';
import { AddEmailDeliverySentAtIndex1795800000000 } from './1795800000000-add-email-delivery-sent-at-index';
import { CreateErasedUsers1795900000000 } from './1795900000000-create-erased-users';
import { CreateWebhooks1796000000000 } from './1796000000000-create-webhooks';
import { AddNotificationTextKey1796100000000 } from './1796100000000-add-notification-text-key';

/** In order; a migration, once committed, is never edited. */
export const notificationMigrations = [CreateNotificationSchema1763800000000, CreateNotifications1764000000000, CreateNotificationPreferences1795474017510, AddNotificationPreferenceLanguage1795600000000, OrderNotificationOutboxEvents1795700000000, AddEmailDeliverySentAtIndex1795800000000, CreateErasedUsers1795900000000, CreateWebhooks1796000000000, AddNotificationTextKey1796100000000];
