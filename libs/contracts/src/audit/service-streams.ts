import { defineStream } from '../common/messages';
import { auditRecorded } from './audit-events';

// The event streams of the services whose features are still to come. Each already
// carries the service's audit event, so an admin action there reaches the audit trail
// from its first release; a feature adds its own events to its service's stream.
export const ApplicationsEvents = { auditRecorded: auditRecorded('applications') } as const;
export const APPLICATIONS_EVENTS_STREAM = defineStream('APPLICATIONS_EVENTS', ApplicationsEvents);

export const LedgerEvents = { auditRecorded: auditRecorded('ledger') } as const;
export const LEDGER_EVENTS_STREAM = defineStream('LEDGER_EVENTS', LedgerEvents);

export const SupportEvents = { auditRecorded: auditRecorded('support') } as const;
export const SUPPORT_EVENTS_STREAM = defineStream('SUPPORT_EVENTS', SupportEvents);

export const NotificationEvents = { auditRecorded: auditRecorded('notification') } as const;
export const NOTIFICATION_EVENTS_STREAM = defineStream('NOTIFICATION_EVENTS', NotificationEvents);
