/** Currencies the ledger keeps accounts in (spec 02 §9); amounts travel as decimal strings with two decimals. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'SGD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** A money amount on the wire between services and to the browser: "1500.00". */
export const DECIMAL_AMOUNT = /^-?\d{1,15}\.\d{2}$/;

/** An amount a person types or a client sends: up to 13 digits and two decimals ("1500", "99.5"). */
export const POSITIVE_AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

/** Whether a typed or sent amount (a JSON number or a decimal string) has that shape and is above zero. */
export function isPositiveAmount(value: unknown): boolean {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  return POSITIVE_AMOUNT.test(text) && Number(text) > 0;
}
