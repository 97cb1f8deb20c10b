/**
 * What an application's fields may hold (spec 01 §5). The applications service enforces it;
 * the forms check it before sending so a person is told at the field.
 */

/** Free text is cut to this many characters once cleaned. */
export const TEXT_LIMIT = 1000;
/** Personal and corporate investments start at 1000, in steps of 100; GIPP takes any positive amount. */
export const MINIMUM_INVESTMENT = 1000;
export const INVESTMENT_STEP = 100;
/** Annual income is numeric, at least 0, in steps of 1000. */
export const ANNUAL_INCOME_STEP = 1000;

/** The characters spec 01 §5 removes from free text. */
const REMOVED_CHARACTERS = /[<>"']/g;

/** Free text as stored: < > " ' removed, trimmed, cut to TEXT_LIMIT; null when nothing is left or it is not text. */
export function cleanApplicationText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(REMOVED_CHARACTERS, '').trim().slice(0, TEXT_LIMIT);
  return cleaned === '' ? null : cleaned;
}
