import { intlLocale } from '../i18n/i18n';

/**
 * One formatter per language and options: making an Intl.NumberFormat costs far more than
 * using one (a dashboard's worth of figures took some 60 ms on a phone), and a page formats
 * the same few kinds of figure over and over.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(options: Intl.NumberFormatOptions | undefined): Intl.NumberFormat {
  const locale = intlLocale();
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Numbers and money in the app's language, through Intl (spec 02 §9: a currency sign and
 * thousands separators): "$1,234.50" in English, "1.234,50 $" in German.
 */
export function formatMoney(amount: string | number, currency = 'USD'): string {
  return formatterFor({ style: 'currency', currency }).format(Number(amount));
}

/** "1,234.5" (en), "1.234,5" (de). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return formatterFor(options).format(value);
}
