import type { FormInstance } from 'antd/es/form';
import { useEffect } from 'react';
import { usePreferences } from '../account-settings/preferences-api';
import { usePublicSettings } from '../settings/use-public-settings';
import { CURRENCIES } from '@portal/domain-rules';

export type MoneyCurrency = (typeof CURRENCIES)[number];

const isMoneyCurrency = (value: unknown): value is MoneyCurrency => (CURRENCIES as readonly unknown[]).includes(value);

/** The platform's supported currencies (System Settings) that money can be held in; all of them until the settings are known. */
export function supportedCurrencies(configured: readonly string[] | undefined): MoneyCurrency[] {
  const usable = (configured ?? []).map((value) => value.trim().toUpperCase()).filter(isMoneyCurrency);
  return usable.length > 0 ? [...new Set(usable)] : [...CURRENCIES];
}

/** The customer's display currency when the platform supports it, otherwise USD (or the first supported). Nothing is converted. */
export function chooseCurrency(preferred: string | undefined, supported: MoneyCurrency[]): MoneyCurrency {
  if (isMoneyCurrency(preferred) && supported.includes(preferred)) return preferred;
  return supported.includes('USD') ? 'USD' : supported[0];
}

/**
 * Preferences → display currency: the currency money screens show first and preselect in
 * their forms. A display currency the platform does not hold money in (e.g. CAD) falls back,
 * since amounts are never converted.
 */
export function useDisplayCurrency(): { currency: MoneyCurrency; supported: MoneyCurrency[] } {
  const { data: preferences } = usePreferences();
  const { data: settings } = usePublicSettings();
  const supported = supportedCurrencies(settings?.supportedCurrencies);
  return { currency: chooseCurrency(preferences?.app.currency, supported), supported };
}

/**
 * Preselects the display currency in a form's currency field: preferences may arrive after the
 * form mounted, so the field follows them until the customer picks a currency themselves.
 */
export function usePreselectedCurrency(form: FormInstance, currency: MoneyCurrency, mounted = true): void {
  useEffect(() => {
    // A form not rendered yet starts from its initialValues when it is.
    if (!mounted) return;
    // setFields, not setFieldValue: the latter marks the field touched, as if the customer had chosen.
    if (!form.isFieldTouched('currency')) form.setFields([{ name: 'currency', value: currency }]);
  }, [form, currency, mounted]);
}
