import { i18n } from '../i18n/i18n';
import type { AppPreferences, NotificationPreferences, PrivacyPreferences } from './preferences-api';

type Topic = keyof NotificationPreferences;

// Labels are read from the `account-settings` catalogue when shown, so they follow the language.
const text = (key: string) => i18n.t(`account-settings:${key}`);

/** Spec 02 §2: the toggles grouped Investment, Account and Marketing (texts: notifications.groups / notifications.topics). */
export const NOTIFICATION_GROUPS: { group: 'investment' | 'account' | 'marketing'; topics: Topic[] }[] = [
  { group: 'investment', topics: ['investmentUpdates', 'marketAlerts'] },
  { group: 'account', topics: ['accountActivity', 'weeklyReports', 'monthlyStatements'] },
  { group: 'marketing', topics: ['promotions'] },
];

/** The five privacy toggles (texts: privacy.toggles). */
export const PRIVACY_TOGGLES: (keyof PrivacyPreferences)[] = ['dataSharing', 'marketingEmails', 'analyticsTracking', 'cookiePreferences', 'thirdPartyIntegrations'];

const THEMES: AppPreferences['theme'][] = ['light', 'dark', 'system'];
const CURRENCIES: AppPreferences['currency'][] = ['USD', 'EUR', 'GBP', 'CAD'];
type PickedTimezone = NonNullable<AppPreferences['timezone']>;
const TIMEZONES: PickedTimezone[] = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];

/** The Time Zone choice that stands for "no zone picked": dates follow the device (saved as null). */
export const DEVICE_TIMEZONE = 'device';
/** What the Time Zone list offers: a picked zone, or the device's own. */
export type TimezoneChoice = PickedTimezone | typeof DEVICE_TIMEZONE;

/** The zone this browser runs in, as the option names it. */
function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function themeOptions(): { value: AppPreferences['theme']; label: string }[] {
  return THEMES.map((value) => ({ value, label: text(`preferences.themes.${value}`) }));
}

/** Each language by its own name, whatever the language shown. */
export const LANGUAGE_OPTIONS: { value: AppPreferences['language']; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
];

export function currencyOptions(): { value: AppPreferences['currency']; label: string }[] {
  return CURRENCIES.map((value) => ({ value, label: `${value} - ${text(`preferences.currencies.${value}`)}` }));
}

/** The device's own zone first (what applies until another is picked), then the spec's four. */
export function timezoneOptions(): { value: TimezoneChoice; label: string }[] {
  return [
    { value: DEVICE_TIMEZONE, label: i18n.t('account-settings:preferences.deviceTimezone', { zone: deviceZone() }) },
    ...TIMEZONES.map((value) => ({ value, label: text(`preferences.timezones.${value.replace('/', '_')}`) })),
  ];
}

