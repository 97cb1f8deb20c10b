import { intlLocale } from '../i18n/i18n';

/**
 * The one place the web app turns timestamps into text: in the app's language (see
 * src/i18n) and the time zone the customer chose in Preferences, through Intl; else the
 * device's zone. Spec 02 §9: dates as MMM dd, yyyy.
 */
let timeZone: string | undefined;
const cache = new Map<string, Intl.DateTimeFormat>();

/** Applied after sign-in from the saved preferences (see ApplyPreferences); no zone (null: none picked) is the device's. */
export function setDateDisplay(options: { timeZone?: string | null }): void {
  timeZone = options.timeZone ?? undefined;
  cache.clear();
}

function formatter(kind: 'date' | 'dateTime', zone: string | undefined): Intl.DateTimeFormat {
  const locale = intlLocale();
  const key = `${kind}|${locale}|${zone ?? ''}`;
  let found = cache.get(key);
  if (!found) {
    const time = kind === 'dateTime' ? ({ hour: '2-digit', minute: '2-digit' } as const) : {};
    found = new Intl.DateTimeFormat(locale, { month: 'short', day: '2-digit', year: 'numeric', ...time, timeZone: zone });
    cache.set(key, found);
  }
  return found;
}

/** A calendar date ("2026-03-01") is the same day everywhere; an instant is shown in the chosen zone. */
function parse(value: string): { date: Date; zone: string | undefined } {
  return value.length === 10 ? { date: new Date(`${value}T00:00:00Z`), zone: 'UTC' } : { date: new Date(value), zone: timeZone };
}

/** "Mar 01, 2026" (en), "01. März 2026" (de); a dash when absent or unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const { date, zone } = parse(value);
  return Number.isNaN(date.getTime()) ? '—' : formatter('date', zone).format(date);
}

/** "Mar 01, 2026, 02:30 PM" in the chosen zone; a dash when absent or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const { date, zone } = parse(value);
  return Number.isNaN(date.getTime()) ? '—' : formatter('dateTime', zone).format(date);
}
