/**
 * The one place the web app turns timestamps into text: in the language and time zone
 * the customer chose in Preferences (through Intl), else en-US in the device's zone.
 * Spec 02 §9: dates as MMM dd, yyyy.
 */
const LOCALES: Record<string, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };

let locale = 'en-US';
let timeZone: string | undefined;
let cache = new Map<string, Intl.DateTimeFormat>();

/** Applied after sign-in from the saved preferences (see ApplyPreferences); undefined values reset to the defaults. */
export function setDateDisplay(options: { language?: string; timeZone?: string }): void {
  locale = (options.language && LOCALES[options.language]) || 'en-US';
  timeZone = options.timeZone;
  cache = new Map();
}

function formatter(kind: 'date' | 'dateTime', zone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind}|${zone ?? ''}`;
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

/** "Mar 01, 2026"; a dash when absent or unreadable. */
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
