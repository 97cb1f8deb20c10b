import { ApiProperty } from '@nestjs/swagger';
import { defineCommand, EmptyPayload } from '../common/messages';
import { AmountByCurrency } from '../ledger/commands';
import { DailyCount, LabelledCount, ReportWindowPayload } from './period';

/** Total Investments (personal, corporate, GIPP) and Pending Approvals of the admin overview. */
export class ApplicationsStats {
  @ApiProperty() totalInvestments: number;
  @ApiProperty() personal: number;
  @ApiProperty() corporate: number;
  @ApiProperty() gipp: number;
  @ApiProperty({ description: 'Applications submitted and not yet decided (pending or under review)' }) pendingApprovals: number;
}

/** Applications submitted within the report window. */
export class ApplicationsReport {
  @ApiProperty() submitted: number;
  @ApiProperty({ type: [LabelledCount] }) byType: LabelledCount[];
  @ApiProperty({ type: [LabelledCount], description: 'By their status now' }) byStatus: LabelledCount[];
  @ApiProperty({ type: [AmountByCurrency], description: 'Investment amounts applied for' }) requested: AmountByCurrency[];
  @ApiProperty({ type: [DailyCount] }) perDay: DailyCount[];
}

export const ApplicationsBackOfficeCommands = {
  stats: defineCommand<EmptyPayload, ApplicationsStats>('applications.back-office.stats.v1', EmptyPayload),
  report: defineCommand<ReportWindowPayload, ApplicationsReport>('applications.back-office.report.v1', ReportWindowPayload),
} as const;
