/**
 * An ISO date or timestamp that names a real instant PostgreSQL accepts: `YYYY-MM-DD`,
 * optionally followed by `THH:MM`, seconds, a fraction and a `Z` or `±HH:MM` offset.
 * The shape alone is not enough: 2024-02-30 or 25:00 have it, and PostgreSQL refuses
 * them with an error (a 500), while JavaScript's Date quietly rolls them over.
 */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/i;

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isRealTimestamp(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  // PostgreSQL has no year 0; a date before the Common Era is never a ledger's.
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  if (day > daysIn(year, month)) return false;
  return hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 15 && offsetMinutes <= 59;
}
