import { IsIn, IsISO8601, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { auditRecorded } from '../audit/audit-events';
import { defineEvent, defineStream } from '../common/messages';

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export class TicketEvent {
  @IsUUID() ticketId: string;
  /** The customer who owns the ticket. */
  @IsUUID() userId: string;
  @IsString() @MaxLength(200) subject: string;
  @IsIn(TICKET_STATUSES) status: TicketStatus;
  /** Set on `updated` when the change is a new message: who wrote it. */
  @IsOptional() @IsIn(['admin', 'customer']) answeredBy?: 'admin' | 'customer' | null;
  @IsISO8601() occurredAt: string;
}

export const SupportEvents = {
  ticketCreated: defineEvent('support.ticket.created.v1', TicketEvent),
  ticketUpdated: defineEvent('support.ticket.updated.v1', TicketEvent),
  auditRecorded: auditRecorded('support'),
} as const;

export const SUPPORT_EVENTS_STREAM = defineStream('SUPPORT_EVENTS', SupportEvents);
