import { IsIn, IsInt, IsOptional, IsString, IsUUID, MaxLength, Min } from 'class-validator';
import { KYC_STATUSES, KycStatus } from '../common/request';
import { defineEvent, defineStream } from '../common/messages';
import { auditRecorded } from '../audit/audit-events';

/**
 * A customer's KYC status as decided by the kyc service, which owns it. Identity (the
 * status shown on sign-in and to admins) and ledger (deposit and withdrawal rules) keep
 * read models from this event; `version` grows with each change, so a read model applies
 * an event only when it is newer than what it holds (redeliveries may come out of order).
 */
export class KycStatusChangedEvent {
  @IsUUID() userId: string;
  @IsIn(KYC_STATUSES) kycStatus: KycStatus;
  @IsInt() @Min(1) version: number;
  @IsOptional() @IsString() @MaxLength(1000) reason?: string | null;
}

/** An admin reviewed one of a customer's KYC documents (notification tells the customer). */
export class KycDocumentReviewedEvent {
  @IsUUID() documentId: string;
  @IsUUID() userId: string;
  @IsString() @MaxLength(50) documentType: string;
  @IsIn(['approved', 'rejected']) decision: 'approved' | 'rejected';
  @IsOptional() @IsString() @MaxLength(1000) notes?: string | null;
}

/** A customer uploaded a KYC document; it waits for review. */
export class KycDocumentUploadedEvent {
  @IsUUID() documentId: string;
  @IsUUID() userId: string;
  @IsString() @MaxLength(50) documentType: string;
  @IsUUID() fileId: string;
}

/** An admin asked a customer for a document (notification sends a warning notification and an email). */
export class KycDocumentRequestedEvent {
  @IsUUID() requestId: string;
  @IsUUID() userId: string;
  @IsString() @MaxLength(1000) message: string;
  @IsUUID() requestedBy: string;
}

/** A customer completed biometric verification (all three steps passed the provider's checks). */
export class KycBiometricVerifiedEvent {
  @IsUUID() sessionId: string;
  @IsUUID() userId: string;
  @IsString() @MaxLength(50) provider: string;
}

export const KycEvents = {
  statusChanged: defineEvent('kyc.status.changed.v1', KycStatusChangedEvent),
  documentReviewed: defineEvent('kyc.document.reviewed.v1', KycDocumentReviewedEvent),
  documentUploaded: defineEvent('kyc.document.uploaded.v1', KycDocumentUploadedEvent),
  documentRequested: defineEvent('kyc.document.requested.v1', KycDocumentRequestedEvent),
  biometricVerified: defineEvent('kyc.biometric.verified.v1', KycBiometricVerifiedEvent),
  auditRecorded: auditRecorded('kyc'),
} as const;

export const KYC_EVENTS_STREAM = defineStream('KYC_EVENTS', KycEvents);
