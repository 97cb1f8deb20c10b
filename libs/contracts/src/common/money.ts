/** Currencies the ledger keeps accounts in (spec 02 §9); amounts travel as decimal strings with two decimals. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'SGD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** A money amount on the wire between services and to the browser: "1500.00". */
export const DECIMAL_AMOUNT = /^-?\d{1,15}\.\d{2}$/;
