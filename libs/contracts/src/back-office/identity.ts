import { ApiProperty } from '@nestjs/swagger';
import { defineCommand, EmptyPayload } from '../common/messages';
import { DailyCount, LabelledCount, ReportWindowPayload } from './period';

/** Total Users of the admin overview: everyone with an account (deleted accounts excluded). */
export class IdentityStats {
  @ApiProperty() totalUsers: number;
  @ApiProperty() active: number;
  @ApiProperty() suspended: number;
  @ApiProperty({ description: 'Signed up, e-mail not yet confirmed' }) pending: number;
  @ApiProperty() customers: number;
  @ApiProperty() admins: number;
}

/** The accounts opened within the report window. */
export class IdentityReport {
  @ApiProperty() newUsers: number;
  @ApiProperty({ type: [LabelledCount], description: 'New accounts by user type' }) byType: LabelledCount[];
  @ApiProperty({ type: [LabelledCount], description: 'New accounts by their status now' }) byStatus: LabelledCount[];
  @ApiProperty({ type: [DailyCount] }) perDay: DailyCount[];
}

/** Identity's own figures for the back office; any admin may ask. */
export const IdentityBackOfficeCommands = {
  stats: defineCommand<EmptyPayload, IdentityStats>('identity.back-office.stats.v1', EmptyPayload),
  report: defineCommand<ReportWindowPayload, IdentityReport>('identity.back-office.report.v1', ReportWindowPayload),
} as const;
