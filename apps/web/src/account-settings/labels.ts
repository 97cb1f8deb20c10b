import type { AppPreferences, NotificationPreferences, PrivacyPreferences } from './preferences-api';

type Topic = keyof NotificationPreferences;

/** Spec 02 §2: the toggles grouped Investment, Account and Marketing. */
export const NOTIFICATION_GROUPS: { title: string; topics: { key: Topic; label: string; description: string }[] }[] = [
  {
    title: 'Investment',
    topics: [
      { key: 'investmentUpdates', label: 'Investment updates', description: 'Application decisions, investment payments and Investment Protection changes' },
      { key: 'marketAlerts', label: 'Market alerts', description: 'Significant market movements that affect your portfolio' },
    ],
  },
  {
    title: 'Account',
    topics: [
      { key: 'accountActivity', label: 'Account activity', description: 'Deposits, withdrawals and answers to your support tickets' },
      { key: 'weeklyReports', label: 'Weekly reports', description: 'A weekly summary of your portfolio' },
      { key: 'monthlyStatements', label: 'Monthly statements', description: 'Your monthly account statement' },
    ],
  },
  {
    title: 'Marketing',
    topics: [{ key: 'promotions', label: 'Promotions', description: 'Offers and news about our products' }],
  },
];

export const PRIVACY_TOGGLES: { key: keyof PrivacyPreferences; label: string; description: string }[] = [
  { key: 'dataSharing', label: 'Data sharing', description: 'Share anonymised data with our partners' },
  { key: 'marketingEmails', label: 'Marketing emails', description: 'Receive marketing emails from us' },
  { key: 'analyticsTracking', label: 'Analytics tracking', description: 'Help us improve the portal with usage analytics' },
  { key: 'cookiePreferences', label: 'Cookie preferences', description: 'Allow cookies that remember your preferences' },
  { key: 'thirdPartyIntegrations', label: 'Third-party integrations', description: 'Allow connected third-party services' },
];

export const THEME_OPTIONS: { value: AppPreferences['theme']; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

export const LANGUAGE_OPTIONS: { value: AppPreferences['language']; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
];

export const CURRENCY_OPTIONS: { value: AppPreferences['currency']; label: string }[] = [
  { value: 'USD', label: 'USD - US Dollar' },
  { value: 'EUR', label: 'EUR - Euro' },
  { value: 'GBP', label: 'GBP - British Pound' },
  { value: 'CAD', label: 'CAD - Canadian Dollar' },
];

export const TIMEZONE_OPTIONS: { value: AppPreferences['timezone']; label: string }[] = [
  { value: 'America/New_York', label: 'Eastern Time (New York)' },
  { value: 'America/Chicago', label: 'Central Time (Chicago)' },
  { value: 'America/Denver', label: 'Mountain Time (Denver)' },
  { value: 'America/Los_Angeles', label: 'Pacific Time (Los Angeles)' },
];

/** Spec 02 §8, word for word. */
export const SettingsText = {
  preferencesSaved: 'Preferences Saved',
  preferencesFailed: 'Failed to save preferences. Please try again.',
  privacySaved: 'Privacy Settings Saved',
  alwaysSent: 'Always sent: security and legally required messages',
} as const;
