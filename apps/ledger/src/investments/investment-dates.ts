/**
 * Business-date arithmetic of an investment's life, in UTC calendar days (YYYY-MM-DD).
 * The daily accrual split is also written in SQL (book/post-investment-day.ts) for set-based runs;
 * investment-dates.spec.ts holds both to the same figures.
 */

const DAY_MS = 86_400_000;

function utc(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day of the month `months` later, or that month's last day when it is shorter (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const target = month - 1 + months;
  const targetYear = year + Math.floor(target / 12);
  const monthIndex = ((target % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, monthIndex + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, monthIndex, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/**
 * The return accrued on one day of an investment's active period [start, maturity): the
 * fixed total spread evenly over its days in whole cents, the last day taking the remainder,
 * so the days add up to the total exactly.
 */
export function dailyAccrual(totalMinor: bigint, startDate: string, maturityDate: string, day: string): bigint {
  const days = BigInt(daysBetween(startDate, maturityDate));
  const index = BigInt(daysBetween(startDate, day));
  if (days <= 0n || index < 0n || index >= days) return 0n;
  const even = totalMinor / days;
  return index === days - 1n ? totalMinor - even * (days - 1n) : even;
}
