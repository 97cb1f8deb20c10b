import { ApiProperty } from '@nestjs/swagger';
import { defineCommand, EmptyPayload } from '../common/messages';
import { DailyCount, LabelledCount, ReportWindowPayload } from './period';

/** KYC Status of the admin overview: customers by KYC status, and documents awaiting review. */
export class KycStats {
  @ApiProperty() pending: number;
  @ApiProperty() verified: number;
  @ApiProperty() rejected: number;
  @ApiProperty() documentsPending: number;
}

/** KYC outcomes within the report window. */
export class KycReport {
  @ApiProperty({ type: [LabelledCount], description: 'KYC decisions made in the window (verified, rejected), by the status they gave' }) outcomes: LabelledCount[];
  @ApiProperty() documentsSubmitted: number;
  @ApiProperty({ type: [LabelledCount], description: 'Documents reviewed in the window, by decision' }) documentReviews: LabelledCount[];
  @ApiProperty({ type: [DailyCount], description: 'KYC decisions per day' }) perDay: DailyCount[];
}

export const KycBackOfficeCommands = {
  stats: defineCommand<EmptyPayload, KycStats>('kyc.back-office.stats.v1', EmptyPayload),
  report: defineCommand<ReportWindowPayload, KycReport>('kyc.back-office.report.v1', ReportWindowPayload),
} as const;
