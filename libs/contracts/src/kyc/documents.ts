import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { defineCommand, EmptyPayload } from '../common/messages';
import { IsOmittable } from '../common/validators';
import { KYC_DOCUMENT_TYPES, KycDocumentType } from '@portal/domain-rules';
import { CursorQuery } from '../common/paging';
import { refusal } from '../common/refusal';

export const KYC_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];

/** Spec 02 §5 drop-zone message, with the list of accepted types spelled out. */
export const KYC_FILE_TYPE_MESSAGE = 'File type must be one of PDF, PNG, JPG, JPEG, DOC, DOCX';
export const KYC_REJECTION_REASON_MESSAGE = 'Please provide a reason for rejecting KYC.';
export const DOCUMENT_REQUEST_MESSAGE_REQUIRED = 'Please enter a message for the document request.';

export class SubmitKycDocumentPayload {
  @ApiProperty({ format: 'uuid', description: 'A file you uploaded with POST /api/v1/files' }) @IsUUID() fileId: string;
  @ApiProperty({ enum: KYC_DOCUMENT_TYPES }) @IsIn(KYC_DOCUMENT_TYPES, refusal('document_type_invalid')) documentType: KycDocumentType;
}

export class KycDocumentView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ enum: KYC_DOCUMENT_TYPES }) documentType: KycDocumentType;
  @ApiProperty({ format: 'uuid' }) fileId: string;
  @ApiProperty() fileName: string;
  @ApiProperty() mimeType: string;
  @ApiProperty() size: number;
  @ApiProperty({ enum: KYC_DOCUMENT_STATUSES }) status: KycDocumentStatus;
  @ApiProperty({ nullable: true, type: String }) reviewNotes: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) reviewedBy: string | null;
  @ApiProperty({ nullable: true, type: String }) reviewedAt: string | null;
  @ApiProperty() uploadedAt: string;
}

export class KycDocumentList {
  @ApiProperty({ type: [KycDocumentView] }) items: KycDocumentView[];
}

export class AdminListKycDocumentsPayload extends CursorQuery {
  /** Part of the owner's name or email, or of the document type. */
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ enum: KYC_DOCUMENT_STATUSES }) @IsOptional() @IsIn(KYC_DOCUMENT_STATUSES) status?: KycDocumentStatus;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() userId?: string;
}

export class AdminKycDocumentView extends KycDocumentView {
  @ApiProperty({ nullable: true, type: String }) userName: string | null;
  @ApiProperty({ nullable: true, type: String }) userEmail: string | null;
  @ApiProperty({ enum: ['pending', 'verified', 'rejected'], nullable: true, type: String }) userKycStatus: string | null;
  /** When the owner completed biometric verification, if they did. */
  @ApiProperty({ nullable: true, type: String }) userBiometricVerifiedAt: string | null;
}

export class KycDocumentCounters {
  @ApiProperty() total: number;
  @ApiProperty() pending: number;
  @ApiProperty() approved: number;
  @ApiProperty() rejected: number;
}

export class AdminKycDocumentPage {
  @ApiProperty({ type: [AdminKycDocumentView] }) items: AdminKycDocumentView[];
  /** How many documents match the search and filters. */
  @ApiProperty() total: number;
  /** Pass back as cursor for the next page; null on the last. */
  @ApiProperty({ nullable: true, type: String }) nextCursor: string | null;
  @ApiProperty({ type: KycDocumentCounters }) counters: KycDocumentCounters;
}

export class ReviewKycDocumentBody {
  @ApiProperty({ enum: ['approved', 'rejected'] }) @IsIn(['approved', 'rejected']) decision: 'approved' | 'rejected';
  @ApiPropertyOptional({ maxLength: 1000 }) @IsOmittable() @IsString() @MaxLength(1000) notes?: string;
}

export class ReviewKycDocumentPayload extends ReviewKycDocumentBody {
  @IsUUID() documentId: string;
}

export class RequestKycDocumentPayload {
  @ApiProperty({ format: 'uuid' }) @IsUUID() userId: string;
  @ApiProperty({ maxLength: 1000 }) @IsString() @IsNotEmpty(refusal('message_required')) @MaxLength(1000) message: string;
}

export class DocumentRequestSent {
  @ApiProperty({ example: true }) sent: true;
}

export class DecideKycBody {
  @ApiProperty({ enum: ['verified', 'rejected'] }) @IsIn(['verified', 'rejected']) decision: 'verified' | 'rejected';
  @ApiPropertyOptional({ maxLength: 1000 }) @IsOmittable() @IsString() @MaxLength(1000) notes?: string;
  /** Required when rejecting (spec 02 §5). */
  @ApiPropertyOptional({ maxLength: 1000 })
  @ValidateIf((body: DecideKycBody) => body.decision === 'rejected')
  @IsString(refusal('reason_required'))
  @IsNotEmpty(refusal('reason_required'))
  @MaxLength(1000)
  reason?: string;
}

export class DecideKycPayload extends DecideKycBody {
  @IsUUID() userId: string;
}

export class KycStatusView {
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ enum: ['pending', 'verified', 'rejected'] }) kycStatus: 'pending' | 'verified' | 'rejected';
  @ApiProperty() version: number;
}

export const KycDocumentCommands = {
  submit: defineCommand<SubmitKycDocumentPayload, KycDocumentView>('kyc.document.submit.v1', SubmitKycDocumentPayload),
  listMine: defineCommand<EmptyPayload, KycDocumentList>('kyc.document.list-mine.v1', EmptyPayload),
  adminList: defineCommand<AdminListKycDocumentsPayload, AdminKycDocumentPage>('kyc.document.admin-list.v1', AdminListKycDocumentsPayload),
  review: defineCommand<ReviewKycDocumentPayload, KycDocumentView>('kyc.document.review.v1', ReviewKycDocumentPayload),
  request: defineCommand<RequestKycDocumentPayload, DocumentRequestSent>('kyc.document.request.v1', RequestKycDocumentPayload),
  decide: defineCommand<DecideKycPayload, KycStatusView>('kyc.status.decide.v1', DecideKycPayload),
} as const;
