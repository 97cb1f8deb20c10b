/** The platform's on/off switches (System Settings → Feature Toggles). */
export const FEATURE_TOGGLES = [
  'investments_enabled',
  'withdrawals_enabled',
  'new_registrations',
  'email_notifications',
  'kyc_verification',
  'crypto_payments',
  'bank_transfers',
  'sms_notifications',
] as const;
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];

/** Each switch until an admin changes it (spec 02 §9); identity stores the live value. */
export const DEFAULT_FEATURE_TOGGLES: Readonly<Record<FeatureToggle, boolean>> = {
  investments_enabled: true,
  withdrawals_enabled: true,
  new_registrations: true,
  email_notifications: true,
  kyc_verification: true,
  crypto_payments: true,
  bank_transfers: true,
  sms_notifications: false,
};
