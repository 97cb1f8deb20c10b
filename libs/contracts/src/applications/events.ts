import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { auditRecorded } from '../audit/audit-events';
import { defineEvent, defineStream } from '../common/messages';
import { CURRENCIES, Currency, DECIMAL_AMOUNT } from '@portal/domain-rules';

export const APPLICATION_TYPES = ['personal', 'corporate', 'gipp'] as const;
export type ApplicationType = (typeof APPLICATION_TYPES)[number];

/** Spec 02 §4. A draft is never reviewed; it becomes pending when submitted. */
export const APPLICATION_STATUSES = ['draft', 'pending', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const REVIEW_DECISIONS = ['under_review', 'approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * A customer submitted an application (a draft that is only saved is not announced).
 * Ledger keeps the customer's latest application status from this and the reviewed
 * event for the deposit gate; notification sends the GIPP confirmation email.
 */
export class ApplicationSubmittedEvent {
  @IsUUID() applicationId: string;
  @IsUUID() userId: string;
  @IsIn(APPLICATION_TYPES) applicationType: ApplicationType;
  @IsString() @MaxLength(1000) fullName: string;
  @IsString() @MaxLength(254) email: string;
  @Matches(DECIMAL_AMOUNT) investmentAmount: string;
  @IsISO8601() submittedAt: string;
}

/** What an approved investment is: fixed at approval from the roi_rates and platform_fees settings of that moment. */
export class InvestmentTerms {
  @Matches(DECIMAL_AMOUNT) amount: string;
  @IsIn(CURRENCIES) currency: Currency;
  @IsInt() @Min(1) @Max(600) durationMonths: number;
  /** Annual percent, e.g. "15.00". */
  @Matches(/^\d{1,4}\.\d{2}$/) expectedReturnRate: string;
  /** Principal × rate × months / 12, rounded to the cent once. */
  @Matches(DECIMAL_AMOUNT) expectedReturnAmount: string;
  @Matches(/^\d{1,4}\.\d{2}$/) feeRate: string;
  @Matches(DECIMAL_AMOUNT) feeAmount: string;
}

/**
 * An admin moved an application on. `version` grows with every status change of the
 * application, so a read model applies an event only when it is newer than what it holds.
 */
export class ApplicationReviewedEvent {
  @IsUUID() applicationId: string;
  @IsUUID() userId: string;
  @IsIn(APPLICATION_TYPES) applicationType: ApplicationType;
  @IsIn(REVIEW_DECISIONS) status: ReviewDecision;
  @IsOptional() @IsString() @MaxLength(1000) note?: string | null;
  @IsUUID() reviewedBy: string;
  @IsISO8601() submittedAt: string;
  @IsInt() @Min(1) version: number;
  /** Set when the decision is approved: the investment the application became. */
  @IsOptional() @IsUUID() investmentId?: string | null;
  /** Set when approved: the investment's terms, fixed at approval (ledger opens the investment from them). */
  @IsOptional() @ValidateNested() @Type(() => InvestmentTerms) terms?: InvestmentTerms | null;
}

export const ApplicationsEvents = {
  submitted: defineEvent('applications.application.submitted.v1', ApplicationSubmittedEvent),
  reviewed: defineEvent('applications.application.reviewed.v1', ApplicationReviewedEvent),
  auditRecorded: auditRecorded('applications'),
} as const;

export const APPLICATIONS_EVENTS_STREAM = defineStream('APPLICATIONS_EVENTS', ApplicationsEvents);
