import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { defineCommand } from '../common/messages';
import { refusal } from '../common/refusal';
import { DECIMAL_AMOUNT } from '@portal/domain-rules';
import { IsPlainName } from '../common/validators';
import { AmountByCurrency } from '../ledger/commands';
import { APPLICATION_STATUSES, APPLICATION_TYPES, ApplicationStatus, ApplicationType, REVIEW_DECISIONS, ReviewDecision } from './events';

/** Spec 01 §5 messages and limits, shared by the service (which enforces them) and the web app (which mirrors them). */
export const APPLICATION_MESSAGES = {
  required: 'Please fill in all required fields and accept the declaration',
  minimumAmount: 'The minimum investment amount is $1,000.',
  amountStep: 'The investment amount must be in steps of $100.',
  positiveAmount: 'Please enter a valid investment amount greater than 0.',
  duration: 'Please choose one of the offered investment durations.',
  documents: 'One or more documents could not be found. Please upload them again.',
  invalidEmail: 'Please enter a valid email address.',
  annualIncome: 'Annual income must be a number of 0 or more.',
  annualIncomeStep: 'Annual income must be in steps of $1,000.',
  documentsRequired: 'Please attach the required documents.',
} as const;
/** What a required document slot (application-documents.ts) that holds no file says, by slot. */
export const MISSING_DOCUMENT_MESSAGES: Readonly<Record<string, string>> = {
  id_document: 'Please attach your ID document.',
  certificate_of_incorporation: 'Please attach the certificate of incorporation.',
  director_id: "Please attach the director's ID.",
};

/** A submission or a draft, as the gateway forwards it (the amount already a decimal string). */
export class ApplicationInput {
  @IsIn(APPLICATION_TYPES) applicationType: ApplicationType;
  @IsOptional() @IsString() @MaxLength(5000) @IsPlainName() fullName?: string | null;
  @IsOptional() @IsString() @MaxLength(5000) email?: string | null;
  @IsOptional() @IsString() @MaxLength(5000) phone?: string | null;
  @IsOptional() @Matches(DECIMAL_AMOUNT) investmentAmount?: string | null;
  @IsOptional() @IsInt() @Min(1) @Max(600) investmentDuration?: number | null;
  @IsOptional() @IsString() @MaxLength(5000) investmentCategory?: string | null;
  @IsOptional() @IsString() @MaxLength(5000) @IsPlainName() companyName?: string | null;
  @IsOptional() @IsString() @MaxLength(5000) companyRegistration?: string | null;
  @IsOptional() @IsObject() applicationData?: Record<string, unknown>;
  @IsOptional() @IsArray() @ArrayMaxSize(30) @IsUUID('all', { each: true }) documentIds?: string[];
  /** Stored as a draft (not validated as complete, not announced) instead of submitted. */
  @IsOptional() @IsBoolean() draft?: boolean;
}

export class UpdateDraftPayload extends ApplicationInput {
  @IsUUID() applicationId: string;
}

export class ApplicationIdPayload {
  @IsUUID() applicationId: string;
}

export class ListOwnApplicationsPayload {
  @IsOptional() @IsIn(APPLICATION_STATUSES) status?: ApplicationStatus;
}

export class AdminListApplicationsPayload {
  @IsOptional() @IsString() @MaxLength(200) q?: string;
  @IsOptional() @IsIn(APPLICATION_STATUSES) status?: ApplicationStatus;
  @IsOptional() @IsIn(APPLICATION_TYPES) type?: ApplicationType;
  @IsOptional() @IsInt() @Min(1) @Max(100) limit?: number;
  /** The nextCursor of the previous page (opaque; the service decodes it, 400 `cursor_invalid` otherwise). */
  @IsOptional() @IsString(refusal('cursor_invalid')) @MaxLength(400, refusal('cursor_invalid')) cursor?: string;
}

export class ReviewApplicationPayload {
  @IsUUID() applicationId: string;
  @IsIn(REVIEW_DECISIONS) decision: ReviewDecision;
  @IsOptional() @IsString() @MaxLength(5000) note?: string | null;
}

/** At most this many file ids in one referencedFiles request; a caller with more asks in batches. */
export const REFERENCED_FILES_BATCH = 500;

/**
 * Internal (kyc asks when an account is deleted; the gateway never forwards it): which of
 * these files of the person do the applications kept after an account's deletion refer
 * to. Those are the person's submitted applications, whatever their status (a draft is
 * not a record and is erased with the account). The person's id only narrows the answer
 * to their applications; it grants nothing.
 */
export class ReferencedFilesPayload {
  @IsUUID() userId: string;
  @IsArray() @ArrayMaxSize(REFERENCED_FILES_BATCH) @IsUUID('all', { each: true }) fileIds: string[];
}

/** The asked-for file ids a kept application refers to (others are simply absent). */
export interface ReferencedFiles {
  fileIds: string[];
}

export const INVESTMENT_OVERSIGHT_STATUSES = ['active', 'pending', 'under_review', 'approved', 'rejected', 'awaiting_funding', 'matured', 'cancelled'] as const;
export type InvestmentOversightStatus = (typeof INVESTMENT_OVERSIGHT_STATUSES)[number];

export class AdminListInvestmentsPayload {
  @IsOptional() @IsString() @MaxLength(200) q?: string;
  @IsOptional() @IsIn(INVESTMENT_OVERSIGHT_STATUSES) status?: InvestmentOversightStatus;
  @IsOptional() @IsInt() @Min(1) @Max(100) limit?: number;
}

export class ApplicationDocument {
  @ApiProperty({ format: 'uuid' }) fileId: string;
  @ApiProperty() name: string;
  @ApiProperty() size: number;
  @ApiProperty() mimeType: string;
  @ApiProperty({ nullable: true, type: String, description: 'The slot it was uploaded for, e.g. application:id_document' }) purpose: string | null;
}

export class ApplicationView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ enum: APPLICATION_TYPES }) applicationType: ApplicationType;
  @ApiProperty({ enum: APPLICATION_STATUSES }) status: ApplicationStatus;
  @ApiProperty({ nullable: true, type: String }) fullName: string | null;
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ nullable: true, type: String }) phone: string | null;
  @ApiProperty({ nullable: true, type: String, example: '1500.00' }) investmentAmount: string | null;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Months' }) investmentDuration: number | null;
  @ApiProperty({ nullable: true, type: String }) investmentCategory: string | null;
  @ApiProperty({ nullable: true, type: String }) companyName: string | null;
  @ApiProperty({ nullable: true, type: String }) companyRegistration: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) applicationData: Record<string, unknown>;
  @ApiProperty({ type: [ApplicationDocument] }) documents: ApplicationDocument[];
  @ApiProperty({ nullable: true, type: String }) reviewNote: string | null;
  @ApiProperty({ nullable: true, type: String }) reviewedAt: string | null;
  @ApiProperty({ nullable: true, type: String }) submittedAt: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) investmentId: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Admin lists: the applicant account name' }) applicantName?: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Admin lists: the applicant account email' }) applicantEmail?: string | null;
}

export class ApplicationPage {
  @ApiProperty({ type: [ApplicationView] }) items: ApplicationView[];
  @ApiProperty({ nullable: true, type: String }) nextCursor: string | null;
  @ApiProperty() total: number;
}

export class ApplicationCounters {
  @ApiProperty() total: number;
  @ApiProperty() pending: number;
  @ApiProperty() underReview: number;
  @ApiProperty() approved: number;
  @ApiProperty() rejected: number;
}

export class AdminApplicationPage extends ApplicationPage {
  @ApiProperty({ type: ApplicationCounters, description: 'Over every submitted application, not only this filter' }) counters: ApplicationCounters;
}

export class LatestApplicationStatus {
  @ApiProperty({ nullable: true, enum: APPLICATION_STATUSES, description: 'Of the newest submitted application; null when none' }) status: ApplicationStatus | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) applicationId: string | null;
}

/** A row of Investment Oversight: a submitted application, and its investment once approved. */
export class OversightRow {
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) investmentId: string | null;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ nullable: true, type: String }) userName: string | null;
  @ApiProperty({ nullable: true, type: String }) userEmail: string | null;
  @ApiProperty({ enum: APPLICATION_TYPES }) investmentType: ApplicationType;
  @ApiProperty({ nullable: true, type: String }) amount: string | null;
  @ApiProperty() currency: string;
  @ApiProperty({ enum: INVESTMENT_OVERSIGHT_STATUSES, description: "The investment's status once approved (awaiting_funding, active, matured, cancelled), otherwise the application's" })
  status: InvestmentOversightStatus;
  @ApiProperty({ nullable: true, type: String, description: 'Paid into the investment so far (approved only)' }) fundedAmount: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Returns accrued so far (approved only)' }) accruedReturn: string | null;
  @ApiProperty({ nullable: true, type: String }) expectedReturnRate: string | null;
  @ApiProperty({ nullable: true, type: String }) expectedReturnAmount: string | null;
  @ApiProperty({ nullable: true, type: String }) maturityDate: string | null;
  @ApiProperty({ nullable: true, type: String }) applicationDate: string | null;
}

export class OversightTiles {
  @ApiProperty({ description: 'Submitted applications' }) totalInvestments: number;
  @ApiProperty({ deprecated: true, description: 'Submitted amounts of every currency added together, not converted: use totalValueByCurrency', example: '12000.00' }) totalValue: string;
  @ApiProperty({ type: [AmountByCurrency], description: 'Sum of submitted amounts in each currency applied in (never converted)' }) totalValueByCurrency: AmountByCurrency[];
  @ApiProperty() activeInvestments: number;
  @ApiProperty() pendingApplications: number;
}

export class OversightPage {
  @ApiProperty({ type: [OversightRow] }) items: OversightRow[];
  @ApiProperty() total: number;
  @ApiProperty({ type: OversightTiles }) tiles: OversightTiles;
}

export const ApplicationsCommands = {
  /** Submits a new application, or stores a draft when `draft` is true. */
  submit: defineCommand<ApplicationInput, ApplicationView>('applications.application.submit.v1', ApplicationInput),
  /** Changes an own draft; with `draft` false it is submitted. */
  updateDraft: defineCommand<UpdateDraftPayload, ApplicationView>('applications.application.update-draft.v1', UpdateDraftPayload),
  listOwn: defineCommand<ListOwnApplicationsPayload, ApplicationPage>('applications.application.list-own.v1', ListOwnApplicationsPayload),
  getOwn: defineCommand<ApplicationIdPayload, ApplicationView>('applications.application.get-own.v1', ApplicationIdPayload),
  latestStatus: defineCommand<ListOwnApplicationsPayload, LatestApplicationStatus>('applications.application.latest-status.v1', ListOwnApplicationsPayload),
  adminList: defineCommand<AdminListApplicationsPayload, AdminApplicationPage>('applications.application.admin-list.v1', AdminListApplicationsPayload),
  review: defineCommand<ReviewApplicationPayload, ApplicationView>('applications.application.review.v1', ReviewApplicationPayload),
  adminInvestments: defineCommand<AdminListInvestmentsPayload, OversightPage>('applications.investment.admin-list.v1', AdminListInvestmentsPayload),
  /** Internal: of a person's files, those their submitted applications refer to (see ReferencedFilesPayload). */
  referencedFiles: defineCommand<ReferencedFilesPayload, ReferencedFiles>('applications.application.referenced-files.v1', ReferencedFilesPayload),
} as const;
