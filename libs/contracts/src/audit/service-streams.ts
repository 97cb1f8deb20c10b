import { defineStream } from '../common/messages';
import { auditRecorded } from './audit-events';

// The event stream of a service whose feature events are still to come. It already
// carries the service's audit event, so an admin action there reaches the audit trail
// from its first release; the feature adds its own events to its service's stream.
export const NotificationEvents = { auditRecorded: auditRecorded('notification') } as const;
export const NOTIFICATION_EVENTS_STREAM = defineStream('NOTIFICATION_EVENTS', NotificationEvents);
