import { defineStream } from '../common/messages';
import { broadcastSent, notificationCreated } from '../notification/events';
import { auditRecorded } from './audit-events';

// The notification service's stream: its audit event (so an admin action there reaches
// the audit trail) and the events the gateway turns into live updates.
export const NotificationEvents = {
  auditRecorded: auditRecorded('notification'),
  notificationCreated,
  broadcastSent,
} as const;
export const NOTIFICATION_EVENTS_STREAM = defineStream('NOTIFICATION_EVENTS', NotificationEvents);
