import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateIf } from 'class-validator';
import { IsCalendarDateTime, REPORT_PERIODS, ReportPeriod, refusal } from '@portal/contracts';
import { EXPORT_FORMATS, ExportFormat } from '../exports/table-export';

export const REPORT_TABS = ['overview', 'financial', 'users', 'audit'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** `GET /api/v1/admin/reports`: a period back from now, or a custom range of dates. */
export class ReportsQuery {
  @ApiPropertyOptional({ enum: REPORT_PERIODS, default: 'weekly', description: 'daily: the last day; weekly: 7 days; monthly: the last month; custom: from and to' })
  @IsOptional()
  @IsIn(REPORT_PERIODS, refusal('report_period_invalid', { periods: REPORT_PERIODS.join(', ') }))
  period?: ReportPeriod;

  @ApiPropertyOptional({ description: 'Custom range start (a date, or a timestamp), inclusive' })
  @ValidateIf((query: ReportsQuery) => query.period === 'custom' || query.from !== undefined)
  @IsCalendarDateTime(refusal('from_date_invalid'))
  from?: string;

  @ApiPropertyOptional({ description: 'Custom range end: a date is included whole; a timestamp is exclusive' })
  @ValidateIf((query: ReportsQuery) => query.period === 'custom' || query.to !== undefined)
  @IsCalendarDateTime(refusal('to_date_invalid'))
  to?: string;

  @ApiPropertyOptional({ enum: EXPORT_FORMATS, description: 'Streams the tab as a file instead of the JSON the screen shows' })
  @IsOptional()
  @IsIn(EXPORT_FORMATS, refusal('export_format_invalid'))
  format?: ExportFormat;

  @ApiPropertyOptional({ enum: REPORT_TABS, default: 'overview', description: 'The tab a file export holds' })
  @IsOptional()
  @IsIn(REPORT_TABS, refusal('report_tab_invalid', { tabs: REPORT_TABS.join(', ') }))
  tab?: ReportTab;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The window of a period, ending now; a custom range's date-only end includes that whole day. */
export function reportWindow(query: Pick<ReportsQuery, 'period' | 'from' | 'to'>, now = new Date()): { period: ReportPeriod; from: string; to: string } {
  const period = query.period ?? (query.from || query.to ? 'custom' : 'weekly');
  if (period === 'custom') {
    const from = new Date(query.from as string);
    const to = new Date(query.to as string);
    if (DATE_ONLY.test(query.to as string)) to.setUTCDate(to.getUTCDate() + 1);
    return { period, from: from.toISOString(), to: to.toISOString() };
  }
  const from = new Date(now);
  if (period === 'daily') from.setUTCDate(from.getUTCDate() - 1);
  if (period === 'weekly') from.setUTCDate(from.getUTCDate() - 7);
  if (period === 'monthly') from.setUTCMonth(from.getUTCMonth() - 1);
  return { period, from: from.toISOString(), to: now.toISOString() };
}
