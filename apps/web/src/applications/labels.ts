import type { ApplicationStatus, ApplicationType } from './applications-api';

export const TYPE_LABELS: Record<ApplicationType, string> = {
  personal: 'Personal',
  corporate: 'Corporate',
  gipp: 'GIPP',
};

export const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  pending: 'Pending',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
  active: 'Active',
  matured: 'Matured',
};

/** Spec 02 §4: green for active and approved, yellow for pending and under review, red for rejected, grey otherwise. */
export function statusColor(status: ApplicationStatus | string): string {
  switch (status) {
    case 'active':
    case 'approved':
    case 'completed':
      return 'green';
    case 'pending':
    case 'under_review':
    case 'processing':
      return 'gold';
    case 'rejected':
    case 'failed':
      return 'red';
    default:
      return 'default';
  }
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "1500.00" as $1,500.00; a dash when absent. */
export function formatUsd(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  return usd.format(Number(amount));
}

/** Dates in the customer's language and time zone (ui/date-format). */
export { formatDate } from '../ui/date-format';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
