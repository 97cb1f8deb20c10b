import { intlLocale } from '../i18n/i18n';

/**
 * Numbers and money in the app's language, through Intl (spec 02 §9: a currency sign and
 * thousands separators): "$1,234.50" in English, "1.234,50 $" in German.
 */
export function formatMoney(amount: string | number, currency = 'USD'): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency }).format(Number(amount));
}

/** "1,234.5" (en), "1.234,5" (de). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), options).format(value);
}
