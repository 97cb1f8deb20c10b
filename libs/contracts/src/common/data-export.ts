import { ApiProperty } from '@nestjs/swagger';
import { defineCommand, EmptyPayload } from './messages';

/** What one service holds about the caller (Download My Data); the gateway composes the parts. */
export class DataExportPart {
  service: string;
  data: Record<string, unknown>;
}

/** Each service answers for the verified actor's own id only; the payload carries nothing. */
export const DataExportCommands = {
  identity: defineCommand<EmptyPayload, DataExportPart>('identity.data.export.v1', EmptyPayload),
  applications: defineCommand<EmptyPayload, DataExportPart>('applications.data.export.v1', EmptyPayload),
  ledger: defineCommand<EmptyPayload, DataExportPart>('ledger.data.export.v1', EmptyPayload),
  support: defineCommand<EmptyPayload, DataExportPart>('support.data.export.v1', EmptyPayload),
  kyc: defineCommand<EmptyPayload, DataExportPart>('kyc.data.export.v1', EmptyPayload),
  notification: defineCommand<EmptyPayload, DataExportPart>('notification.data.export.v1', EmptyPayload),
} as const;

export type DataExportService = keyof typeof DataExportCommands;

/** The downloaded document: one section per service that holds the user's data. */
export class PersonalDataExport {
  @ApiProperty() exportedAt: string;
  @ApiProperty({ format: 'uuid' }) userId: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Account profile (no credentials)' }) identity: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Investment applications and investments' }) applications: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Balances, transactions, security deposits, card requests' }) ledger: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Support tickets with their messages' }) support: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'KYC status, documents and files (metadata, not contents)' }) kyc: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'In-app notifications' }) notification: Record<string, unknown>;
}
