import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601 } from 'class-validator';
import { userMessage } from '@portal/domain-rules';
import { refusal } from '../common/refusal';

/** Report periods of spec 02 §7 (1 day, 7 days, 1 month back from now) and a custom range. */
export const REPORT_PERIODS = ['daily', 'weekly', 'monthly', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The window a service reports on: from inclusive, to exclusive, both timestamps. */
export class ReportWindowPayload {
  @IsISO8601({}, refusal('from_date_invalid')) from: string;
  @IsISO8601({}, refusal('to_date_invalid')) to: string;
}

/** A count on one calendar day (UTC) of the window. */
export class DailyCount {
  @ApiProperty({ example: '2026-11-23' }) date: string;
  @ApiProperty() count: number;
}

/** A count under one label (a status, a type, an outcome). */
export class LabelledCount {
  @ApiProperty() label: string;
  @ApiProperty() count: number;
}

/** The longest window a report covers (a custom range), in days. */
export const MAX_REPORT_DAYS = 366;
export const ADMIN_AREA_DENIED = 'Access denied. You do not have permission to access admin areas.';

/** Why a report window cannot be answered (a code of the message catalogue), or null when it can: from before to, at most MAX_REPORT_DAYS long. */
export function reportWindowCode(window: { from: string; to: string }): 'report_window_invalid' | 'report_window_order' | 'report_window_too_long' | null {
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return 'report_window_invalid';
  if (from >= to) return 'report_window_order';
  if (to - from > MAX_REPORT_DAYS * 86_400_000) return 'report_window_too_long';
  return null;
}

/** The English text of reportWindowCode, for callers that still raise errors by text. */
export function reportWindowProblem(window: { from: string; to: string }): string | null {
  const code = reportWindowCode(window);
  return code && userMessage(code);
}
