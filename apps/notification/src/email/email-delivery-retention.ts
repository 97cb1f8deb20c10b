import { RetentionRule } from '@portal/database';
import { EmailDelivery } from './email-delivery.entity';

/**
 * How long the record of a sent email (address, subject) stays. It stops a job run again
 * after a crash from sending twice, which happens within minutes; a replayed event is
 * stopped by its processed record (30 days) and its kept job (7 days). A month also
 * answers support's "was the email sent?", and then the address goes.
 */
export const EMAIL_DELIVERY_RETENTION_DAYS = 30;

/** Purged hourly by NotificationRetention. */
export const EMAIL_DELIVERY_RULE: RetentionRule = { name: 'email deliveries', entity: EmailDelivery, column: 'sent_at', keepDays: EMAIL_DELIVERY_RETENTION_DAYS };
