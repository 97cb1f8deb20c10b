import { i18n } from '../i18n/i18n';
import { texts } from '../i18n/texts';
import { formatMoney, formatNumber } from '../ui/number-format';
import type { ApplicationStatus, ApplicationType } from './applications-api';

const STATUSES = ['draft', 'pending', 'under_review', 'approved', 'rejected', 'awaiting_funding', 'active', 'matured', 'cancelled'] as const;

/** Read from the `applications` catalogue when used, so they follow the language shown. */
export const TYPE_LABELS: Readonly<Record<ApplicationType, string>> = texts('applications', ['personal', 'corporate', 'gipp'], 'types');
export const STATUS_LABELS: Readonly<Record<string, string>> = texts('applications', STATUSES, 'statuses');
/** The status inside a sentence ("The application is now under review."). */
export const STATUS_IN_SENTENCE: Readonly<Record<string, string>> = texts('applications', STATUSES, 'statusInSentence');

/** Spec 02 §4: green for active and approved, yellow for pending and under review (and an investment awaiting funding), red for rejected, grey otherwise. */
export function statusColor(status: ApplicationStatus | string): string {
  switch (status) {
    case 'active':
    case 'approved':
    case 'completed':
      return 'green';
    case 'pending':
    case 'under_review':
    case 'processing':
    case 'awaiting_funding':
      return 'gold';
    case 'rejected':
    case 'failed':
      return 'red';
    default:
      return 'default';
  }
}

/** "1500.00" in the record's own currency, e.g. $1,500.00 or €1,500.00 (in the language shown, ui/number-format); a dash when absent. */
export function formatAmount(amount: string | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return '—';
  return formatMoney(amount, currency);
}

/** Dates in the customer's language and time zone (ui/date-format). */
export { formatDate } from '../ui/date-format';

const fixed = (digits: number) => ({ minimumFractionDigits: digits, maximumFractionDigits: digits });

/** "2.0 KB" with the language's decimal separator. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return i18n.t('applications:sizes.bytes', { value: formatNumber(bytes) });
  if (bytes < 1024 * 1024) return i18n.t('applications:sizes.kilobytes', { value: formatNumber(bytes / 1024, fixed(1)) });
  return i18n.t('applications:sizes.megabytes', { value: formatNumber(bytes / (1024 * 1024), fixed(2)) });
}
