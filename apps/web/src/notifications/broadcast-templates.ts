import type { BroadcastPayload } from './notifications-api';

/** The four templates of spec 02 §2 that prefill the Send Notification dialog. */
export const BROADCAST_TEMPLATES: { key: string; name: string; values: Pick<BroadcastPayload, 'title' | 'message' | 'type'> }[] = [
  {
    key: 'maintenance',
    name: 'Maintenance Warning',
    values: { title: 'Scheduled Maintenance', message: 'The platform will undergo scheduled maintenance. Some features may be temporarily unavailable during this time.', type: 'warning' },
  },
  {
    key: 'welcome',
    name: 'Welcome Message',
    values: { title: 'Welcome to Investment Portal', message: 'Thank you for joining us. Explore your dashboard to get started with your investments.', type: 'success' },
  },
  {
    key: 'kyc-reminder',
    name: 'KYC Reminder',
    values: { title: 'Complete Your Verification', message: 'Please complete your KYC verification to unlock all platform features.', type: 'info' },
  },
  {
    key: 'security-alert',
    name: 'Security Alert',
    values: { title: 'Security Alert', message: 'We detected unusual activity. Please review your account and change your password if you did not make these changes.', type: 'error' },
  },
];
