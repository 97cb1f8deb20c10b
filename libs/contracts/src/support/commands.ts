import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { withoutDirectionControls } from '@portal/domain-rules';
import { defineCommand } from '../common/messages';
import { TICKET_STATUSES, TicketStatus } from './events';
import { refusal } from '../common/refusal';

/** Spec 02 §9. */
export const TICKET_CATEGORIES = ['Account Setup', 'Investing', 'Payments', 'Security', 'Technical'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** Spec 02 §5, word for word. */
export const SupportMessages = {
  fillAllFields: 'Validation Error: Please fill in all required fields.',
  responseRequired: 'Please enter a response message.',
  notFound: 'Support ticket not found.',
  notAllowed: 'Your admin role does not allow managing support tickets.',
  closed: 'This ticket is closed. Please open a new ticket.',
} as const;

const REQUIRED = refusal('ticket_fields_required');
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/**
 * A subject is one line, shown to admins in lists and the audit log and put into emails:
 * line breaks and other white space become one space, and bidirectional embeddings,
 * overrides and isolates, which make text read differently from what it is, are dropped
 * (the rule names share: @portal/domain-rules, hidden-characters.ts).
 */
const oneLine = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? withoutDirectionControls(value)
        .replace(/\s+/g, ' ')
        .trim()
    : value;

export class CreateTicketPayload {
  @ApiProperty({ maxLength: 200 }) @Transform(oneLine) @IsString(REQUIRED) @IsNotEmpty(REQUIRED) @MaxLength(200) subject: string;
  @ApiProperty({ enum: TICKET_CATEGORIES }) @IsIn(TICKET_CATEGORIES, REQUIRED) category: TicketCategory;
  @ApiProperty({ enum: TICKET_PRIORITIES }) @IsIn(TICKET_PRIORITIES, REQUIRED) priority: TicketPriority;
  @ApiProperty({ maxLength: 5000 }) @Transform(trim) @IsString(REQUIRED) @IsNotEmpty(REQUIRED) @MaxLength(5000) message: string;
}

export class TicketListPayload {
  @IsOptional() @IsIn(TICKET_STATUSES) status?: TicketStatus;
  @IsOptional() @IsString() @MaxLength(200) q?: string;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  /** The nextCursor of the previous page (opaque; the service decodes it, 400 `cursor_invalid` otherwise). */
  @IsOptional() @IsString(refusal('cursor_invalid')) @MaxLength(400, refusal('cursor_invalid')) cursor?: string;
}

export class TicketIdPayload {
  @IsUUID('all', refusal('ticket_not_found')) ticketId: string;
}

export class ReplyToTicketPayload extends TicketIdPayload {
  @Transform(trim) @IsString(refusal('response_required')) @IsNotEmpty(refusal('response_required')) @MaxLength(5000) message: string;
}

export class UpdateTicketPayload extends TicketIdPayload {
  @IsOptional() @IsIn(TICKET_STATUSES) status?: TicketStatus;
  /** A new admin message; sending one sets the ticket resolved (spec 02 §4) unless a status is given. */
  @IsOptional() @Transform(trim) @IsString() @MaxLength(5000) adminResponse?: string;
}

export class TicketMessageView {
  @ApiProperty({ format: 'uuid' }) id: string;
  /** Who wrote it; null for a staff member's message read by the customer (they see the role). */
  @ApiProperty({ format: 'uuid', type: 'string', nullable: true }) authorId: string | null;
  @ApiProperty({ enum: ['customer', 'admin'] }) authorRole: 'customer' | 'admin';
  @ApiProperty() body: string;
  @ApiProperty() createdAt: string;
}

export class TicketView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty() subject: string;
  @ApiProperty({ enum: TICKET_CATEGORIES }) category: TicketCategory;
  @ApiProperty({ enum: TICKET_PRIORITIES }) priority: TicketPriority;
  @ApiProperty({ description: 'The opening message' }) message: string;
  @ApiProperty({ enum: TICKET_STATUSES }) status: TicketStatus;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'The latest admin message, if any' }) adminResponse: string | null;
  @ApiProperty() messageCount: number;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Admin lists: the owner as identity names them' }) userName?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) userEmail?: string | null;
}

export class TicketDetail extends TicketView {
  @ApiProperty({ type: [TicketMessageView], description: 'The conversation, oldest first' }) messages: TicketMessageView[];
}

export class TicketPage {
  @ApiProperty({ type: [TicketView] }) items: TicketView[];
  @ApiProperty({ nullable: true, type: String }) nextCursor: string | null;
  @ApiProperty() total: number;
}

export class TicketSummary {
  @ApiProperty({ description: 'Tickets open or in progress: the caller\'s own, or every one for an admin' }) openCount: number;
}

export class TicketDeleted {
  @ApiProperty() deleted: true;
}

/** Commands the support service answers (queue group "support"). */
export const SupportCommands = {
  createTicket: defineCommand<CreateTicketPayload, TicketDetail>('support.ticket.create.v1', CreateTicketPayload),
  listOwnTickets: defineCommand<TicketListPayload, TicketPage>('support.ticket.list-own.v1', TicketListPayload),
  getOwnTicket: defineCommand<TicketIdPayload, TicketDetail>('support.ticket.get-own.v1', TicketIdPayload),
  replyToOwnTicket: defineCommand<ReplyToTicketPayload, TicketDetail>('support.ticket.reply.v1', ReplyToTicketPayload),
  ownSummary: defineCommand<TicketListPayload, TicketSummary>('support.ticket.own-summary.v1', TicketListPayload),
  /** Admins whose role has the "tickets" permission. */
  listAllTickets: defineCommand<TicketListPayload, TicketPage>('support.ticket.list-all.v1', TicketListPayload),
  getAnyTicket: defineCommand<TicketIdPayload, TicketDetail>('support.ticket.get-any.v1', TicketIdPayload),
  updateTicket: defineCommand<UpdateTicketPayload, TicketDetail>('support.ticket.update.v1', UpdateTicketPayload),
  deleteTicket: defineCommand<TicketIdPayload, TicketDeleted>('support.ticket.delete.v1', TicketIdPayload),
  allSummary: defineCommand<TicketListPayload, TicketSummary>('support.ticket.all-summary.v1', TicketListPayload),
} as const;
