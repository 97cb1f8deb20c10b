import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApplicationsReport, ApplicationsStats } from './applications';
import { IdentityReport, IdentityStats } from './identity';
import { KycReport, KycStats } from './kyc';
import { LedgerReport, LedgerStats } from './ledger';
import { REPORT_PERIODS, ReportPeriod } from './period';

/**
 * One service's part of a composed back-office answer. A service that is down or refuses
 * leaves its section unavailable (data null, with the reason) while the others still answer.
 */
class Section {
  @ApiProperty() available: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Why the section is unavailable' }) message: string | null;
  @ApiProperty({ description: "false when the caller's admin role lacks the permission the section's figures need (then it carries no data)" }) permitted: boolean;
}

export class UsersStatsSection extends Section {
  @ApiPropertyOptional({ type: IdentityStats, nullable: true }) data: IdentityStats | null;
}
export class KycStatsSection extends Section {
  @ApiPropertyOptional({ type: KycStats, nullable: true }) data: KycStats | null;
}
export class InvestmentsStatsSection extends Section {
  @ApiPropertyOptional({ type: ApplicationsStats, nullable: true }) data: ApplicationsStats | null;
}
export class MoneyStatsSection extends Section {
  @ApiPropertyOptional({ type: LedgerStats, nullable: true }) data: LedgerStats | null;
}

/** GET /api/v1/admin/stats: the overview cards, each from the service that owns the figures. */
export class AdminStatsView {
  @ApiProperty() generatedAt: string;
  @ApiProperty({ type: UsersStatsSection }) users: UsersStatsSection;
  @ApiProperty({ type: KycStatsSection }) kyc: KycStatsSection;
  @ApiProperty({ type: InvestmentsStatsSection }) investments: InvestmentsStatsSection;
  @ApiProperty({ type: MoneyStatsSection }) money: MoneyStatsSection;
}

export class UsersReportSection extends Section {
  @ApiPropertyOptional({ type: IdentityReport, nullable: true }) data: IdentityReport | null;
}
export class KycReportSection extends Section {
  @ApiPropertyOptional({ type: KycReport, nullable: true }) data: KycReport | null;
}
export class ApplicationsReportSection extends Section {
  @ApiPropertyOptional({ type: ApplicationsReport, nullable: true }) data: ApplicationsReport | null;
}
export class MoneyReportSection extends Section {
  @ApiPropertyOptional({ type: LedgerReport, nullable: true }) data: LedgerReport | null;
}

/** GET /api/v1/admin/reports without format: what Reports & Analytics shows for the period. */
export class AdminReportView {
  @ApiProperty({ enum: REPORT_PERIODS }) period: ReportPeriod;
  @ApiProperty({ description: 'Start of the window, inclusive' }) from: string;
  @ApiProperty({ description: 'End of the window, exclusive' }) to: string;
  @ApiProperty() generatedAt: string;
  @ApiProperty({ description: 'False when every available section is empty for the period' }) hasData: boolean;
  @ApiProperty({ type: UsersReportSection }) users: UsersReportSection;
  @ApiProperty({ type: KycReportSection }) kyc: KycReportSection;
  @ApiProperty({ type: ApplicationsReportSection }) applications: ApplicationsReportSection;
  @ApiProperty({ type: MoneyReportSection }) money: MoneyReportSection;
}
