import { formatDate, formatDateTime } from '../ui/date-format';
import { formatMoney } from '../ui/number-format';

/** Spec 02 §9: amounts with a currency sign and thousands separators, in the app's language; dates as MMM dd, yyyy. */
export function money(amount: string | number, currency = 'USD', signed = false): string {
  const value = Number(amount);
  const text = formatMoney(Math.abs(value), currency);
  if (!signed) return value < 0 ? `-${text}` : text;
  return `${value < 0 ? '-' : '+'}${text}`;
}

export function amounts(list: { currency: string; amount: string }[] | undefined): string {
  if (!list || list.length === 0) return money(0);
  return list.map((entry) => money(entry.amount, entry.currency)).join(' · ');
}

export function day(iso: string): string {
  return formatDate(iso);
}

export function dateTime(iso: string): string {
  return formatDateTime(iso);
}

const STATUS_COLOURS: Record<string, string> = {
  completed: 'green',
  locked: 'green',
  approved: 'green',
  pending: 'gold',
  processing: 'gold',
  failed: 'red',
  rejected: 'red',
  cancelled: 'default',
  unlocked: 'blue',
};

export function statusColour(status: string): string {
  return STATUS_COLOURS[status] ?? 'default';
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
