import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateBy, ValidateNested, ValidationOptions } from 'class-validator';
import { defineCommand, EmptyPayload } from '../common/messages';
import { Language, LANGUAGES, NotificationPreferences } from '../identity/preferences';
import { KYC_STATUSES, KycStatus, USER_STATUSES, UserStatus } from '../common/request';
import { IsOmittable } from '../common/validators';
import { refusal } from '../common/refusal';
import { userMessage } from '@portal/domain-rules';

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a notification is about, so the web app can link it and pick an icon. */
export const NOTIFICATION_CATEGORIES = ['broadcast', 'application', 'transaction', 'security_deposit', 'kyc', 'support', 'card'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** Who a broadcast goes to: every customer, one user, or customers filtered by status and/or KYC status. */
export const BROADCAST_AUDIENCES = ['all_customers', 'user', 'filtered'] as const;
export type BroadcastAudienceKind = (typeof BROADCAST_AUDIENCES)[number];

/** Spec 02 §5 and §8, word for word. */
export const NotificationMessages = {
  titleAndMessageRequired: 'Please enter a title and a message.',
  noRecipients: 'No users found to send notification to',
  broadcastTo: (count: number) => `Notification broadcast to ${count} users`,
  notFound: 'Notification not found.',
  notAllowed: 'Your admin role does not allow sending notifications.',
  expiryInPast: 'The expiry must be in the future.',
  failedEmailNotFound: 'This failed email was not found.',
  failedEmailNoLongerFailed: 'This email is no longer failed: it has already been retried or dismissed.',
} as const;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const REQUIRED = refusal('broadcast_fields_required');

/** For API callers (the web app always sends both right): which field is wrong and how to fix it, by its code. */
const AUDIENCE_INVALID = refusal('broadcast_audience_invalid');
const EXPIRY_INVALID = refusal('broadcast_expiry_invalid');
export const BROADCAST_AUDIENCE_REQUIRED = userMessage('broadcast_audience_invalid');
export const BROADCAST_EXPIRY_INVALID = userMessage('broadcast_expiry_invalid');

const CALENDAR_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/;

/**
 * A calendar date (2030-02-01) or date and time (2030-02-01T12:00, with seconds, fractions
 * and a Z or ±hh:mm offset) that exists: not a week or ordinal date (2030-W05-3, 2030-060),
 * which Date cannot read, and not 2030-02-31, which Date would turn into 3 March.
 */
export function isCalendarDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const parts = CALENDAR_DATE_TIME.exec(value);
  if (!parts) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = [1, 2, 3, 4, 5, 6].map((index) => (parts[index] === undefined ? undefined : Number(parts[index]))) as number[];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (parts[8] !== undefined && (Number(parts[8]) > 23 || Number(parts[9]) > 59)) return false;
  return Number.isFinite(Date.parse(value));
}

/** The value is a calendar date or date-time that exists (see isCalendarDateTime). */
export function IsCalendarDateTime(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isCalendarDateTime', validator: { validate: (value) => isCalendarDateTime(value) } }, options);
}

export class BroadcastAudience {
  @ApiProperty({ enum: BROADCAST_AUDIENCES }) @IsIn(BROADCAST_AUDIENCES) kind: BroadcastAudienceKind;
  @ApiPropertyOptional({ format: 'uuid', description: 'kind "user": the one recipient' }) @IsOmittable() @IsUUID() userId?: string;
  @ApiPropertyOptional({ enum: USER_STATUSES, description: 'kind "filtered"' }) @IsOmittable() @IsIn(USER_STATUSES) userStatus?: UserStatus;
  @ApiPropertyOptional({ enum: KYC_STATUSES, description: 'kind "filtered"' }) @IsOmittable() @IsIn(KYC_STATUSES) kycStatus?: KycStatus;
}

export class BroadcastPayload {
  @ApiProperty({ maxLength: 200 }) @Transform(trim) @IsString(REQUIRED) @IsNotEmpty(REQUIRED) @MaxLength(200) title: string;
  @ApiProperty({ maxLength: 2000 }) @Transform(trim) @IsString(REQUIRED) @IsNotEmpty(REQUIRED) @MaxLength(2000) message: string;
  @ApiProperty({ enum: NOTIFICATION_TYPES }) @IsIn(NOTIFICATION_TYPES) type: NotificationType;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'ISO-8601; hidden from then on' }) @IsOptional() @IsCalendarDateTime(EXPIRY_INVALID) expiresAt?: string | null;
  @ApiProperty({ type: BroadcastAudience })
  @IsDefined(AUDIENCE_INVALID)
  @IsObject(AUDIENCE_INVALID)
  @ValidateNested(AUDIENCE_INVALID)
  @Type(() => BroadcastAudience)
  audience: BroadcastAudience;
}

export class BroadcastResult {
  @ApiProperty({ format: 'uuid' }) broadcastId: string;
  @ApiProperty() recipientCount: number;
  @ApiProperty({ description: "'Notification broadcast to N users'" }) message: string;
}

export class NotificationListPayload {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @IsString() @MaxLength(40) cursor?: string;
  @IsOptional() @IsIn(['true', 'false']) unreadOnly?: 'true' | 'false';
}

export class NotificationIdPayload {
  @IsUUID('all', refusal('notification_not_found')) notificationId: string;
}

export class NotificationView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty() message: string;
  @ApiProperty({
    nullable: true,
    type: String,
    description: "The text's code (such as depositCompleted), so the reader's app says it in its own language from textParams; title and message are the text in the recipient's saved language when it was made, to show when there is no code (broadcasts, older notifications) or the code is unknown",
  })
  textKey: string | null;
  @ApiProperty({
    nullable: true,
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'The raw values of the text: amounts as decimal strings with their currency, dates as ISO 8601, references, reasons and subjects as written; null with textKey',
  })
  textParams: Record<string, string> | null;
  @ApiProperty({ enum: NOTIFICATION_TYPES }) type: NotificationType;
  @ApiProperty({ enum: NOTIFICATION_CATEGORIES }) category: NotificationCategory;
  @ApiPropertyOptional({ nullable: true, type: String }) expiresAt: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) readAt: string | null;
  @ApiProperty() createdAt: string;
}

export class NotificationPage {
  @ApiProperty({ type: [NotificationView] }) items: NotificationView[];
  @ApiProperty({ nullable: true, type: String }) nextCursor: string | null;
  @ApiProperty() total: number;
}

/**
 * The toggles a customer has just saved (identity's answer), handed over by the gateway so
 * they apply to the very next message; identity's preferences-changed event still follows
 * and is the record. The caller is the customer; an older version never wins.
 */
export class ApplyNotificationPreferencesPayload {
  @IsDefined() @ValidateNested() @Type(() => NotificationPreferences) notifications: NotificationPreferences;
  /** The language emails are written in (app.language); optional for callers that predate it. */
  @IsOptional() @IsIn(LANGUAGES) language?: Language;
  @IsInt() @Min(1) version: number;
}

export class NotificationPreferencesApplied {
  @ApiProperty() version: number;
}

export class UnreadCount {
  @ApiProperty() count: number;
}

export class MarkedRead {
  @ApiProperty({ description: 'Notifications marked read by this call' }) updated: number;
}

export class AudienceStats {
  @ApiProperty() totalCustomers: number;
  @ApiProperty() activeCustomers: number;
  @ApiProperty() suspendedCustomers: number;
  @ApiProperty() kycVerified: number;
  @ApiProperty() kycPending: number;
  @ApiProperty() kycRejected: number;
}

export class BroadcastView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: NOTIFICATION_TYPES }) type: NotificationType;
  @ApiProperty({ type: BroadcastAudience }) audience: BroadcastAudience;
  @ApiProperty() recipientCount: number;
  @ApiProperty({ description: 'Recipients who have read it' }) readCount: number;
  @ApiPropertyOptional({ nullable: true, type: String }) expiresAt: string | null;
  @ApiProperty({ format: 'uuid' }) sentBy: string;
  @ApiProperty() createdAt: string;
}

export class RecipientStats {
  @ApiProperty({ type: AudienceStats }) audience: AudienceStats;
  @ApiProperty({ type: [BroadcastView], description: 'The latest broadcasts, newest first' }) recentBroadcasts: BroadcastView[];
}

export class RecipientsAmongPayload {
  @IsUUID() broadcastId: string;
  @IsUUID('all', { each: true }) userIds: string[];
}

export class RecipientsAmong {
  userIds: string[];
  /** Each recipient's unread count after the broadcast, so a bell updates without asking again. */
  unreadCounts: Record<string, number>;
}

export class FindRecipientsPayload {
  @ApiProperty({ description: 'Part of a name or email', minLength: 2, maxLength: 200 }) @Transform(trim) @IsString() @MinLength(2) @MaxLength(200) q: string;
}

export class RecipientView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ enum: ['customer', 'admin'] }) userType: 'customer' | 'admin';
}

export class RecipientMatches {
  @ApiProperty({ type: [RecipientView], description: 'At most 10' }) items: RecipientView[];
}

export class FailedEmailView {
  @ApiProperty() jobId: string;
  @ApiProperty() template: string;
  @ApiProperty() recipient: string;
  @ApiProperty() attemptsMade: number;
  @ApiProperty() failedReason: string;
  @ApiPropertyOptional({ nullable: true, type: String }) failedAt: string | null;
}

export class FailedEmailPage {
  @ApiProperty({ type: [FailedEmailView] }) items: FailedEmailView[];
  @ApiProperty() total: number;
}

/** An email job's id as the queue makes it: `<event or application id>.<template>`. */
export const FAILED_EMAIL_JOB_ID = /^[0-9a-f-]{36}\.[a-z0-9-]{1,50}$/i;

/** One failed email, by its job id (FailedEmailView.jobId). */
export class FailedEmailIdPayload {
  @IsString(refusal('failed_email_not_found')) @Matches(FAILED_EMAIL_JOB_ID, refusal('failed_email_not_found')) jobId: string;
}

/** Where an email job stands, as BullMQ names it. */
export const EMAIL_JOB_STATES = ['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed', 'waiting-children', 'unknown'] as const;
export type EmailJobState = (typeof EMAIL_JOB_STATES)[number];

export class FailedEmailRetried {
  @ApiProperty() jobId: string;
  @ApiProperty({ enum: EMAIL_JOB_STATES, description: 'The job\'s state once queued again: usually waiting, or already active or completed' }) state: EmailJobState;
}

export class FailedEmailDismissed {
  @ApiProperty() jobId: string;
}

/** Commands the notification service answers (queue group "notification"). */
export const NotificationCommands = {
  list: defineCommand<NotificationListPayload, NotificationPage>('notification.notification.list.v1', NotificationListPayload),
  unreadCount: defineCommand<EmptyPayload, UnreadCount>('notification.notification.unread-count.v1', EmptyPayload),
  markRead: defineCommand<NotificationIdPayload, MarkedRead>('notification.notification.mark-read.v1', NotificationIdPayload),
  markAllRead: defineCommand<EmptyPayload, MarkedRead>('notification.notification.mark-all-read.v1', EmptyPayload),
  applyPreferences: defineCommand<ApplyNotificationPreferencesPayload, NotificationPreferencesApplied>(
    'notification.preferences.apply.v1',
    ApplyNotificationPreferencesPayload,
  ),
  /** Admins whose role has the "notifications" permission. */
  broadcast: defineCommand<BroadcastPayload, BroadcastResult>('notification.broadcast.send.v1', BroadcastPayload),
  recipientStats: defineCommand<EmptyPayload, RecipientStats>('notification.broadcast.stats.v1', EmptyPayload),
  /** The "one user" audience: people matching a name or email, as identity finds them. */
  findRecipients: defineCommand<FindRecipientsPayload, RecipientMatches>('notification.broadcast.find-recipients.v1', FindRecipientsPayload),
  listFailedEmails: defineCommand<EmptyPayload, FailedEmailPage>('notification.email.list-failed.v1', EmptyPayload),
  /** Queues a failed email again, with all its attempts: to the user's current address when it is addressed so. */
  retryFailedEmail: defineCommand<FailedEmailIdPayload, FailedEmailRetried>('notification.email.retry-failed.v1', FailedEmailIdPayload),
  /** Removes a failed email for good: it is not sent. */
  dismissFailedEmail: defineCommand<FailedEmailIdPayload, FailedEmailDismissed>('notification.email.dismiss-failed.v1', FailedEmailIdPayload),
  /** The gateway's realtime fan-out: which of its connected users received a broadcast. */
  recipientsAmong: defineCommand<RecipientsAmongPayload, RecipientsAmong>('notification.broadcast.recipients-among.v1', RecipientsAmongPayload),
} as const;
