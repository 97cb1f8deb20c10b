import { RetentionRule } from '@portal/database';
import { WebhookDelivery } from './webhook.entities';

/**
 * How long a webhook delivery (with the event it carried, which names a person) stays in the
 * log: a month, as the sent-email log. Retries end within a day; a month leaves time to
 * look into a receiver's complaint and replay what it missed.
 */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

/** Purged hourly by NotificationRetention. */
export const WEBHOOK_DELIVERY_RULE: RetentionRule = { name: 'webhook deliveries', entity: WebhookDelivery, column: 'created_at', keepDays: WEBHOOK_DELIVERY_RETENTION_DAYS };
