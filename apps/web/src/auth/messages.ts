import { texts } from '../i18n/texts';

/**
 * User-facing texts of spec 01 §5 and §8 (word for word in English), read from the `auth`
 * catalogue (src/auth/locales, `messages.*`) in the language shown when used.
 */
export const AuthText = texts('auth', [
  'fillAllFields',
  'signingIn',
  'loginTimeout',
  'loginFailed',
  'unexpected',
  'adminPortalDenied',
  'adminAreaDenied',
  'sessionEnded',
  'firstNameRequired',
  'lastNameRequired',
  'emailRequired',
  'emailInvalid',
  'passwordRequired',
  'passwordTooShort',
  'passwordsDiffer',
  'signupRateLimited',
  'signupUnexpected',
  'resetEmailRequired',
  'invalidResetLink',
  'confirmationExpired',
  'confirmationInvalid',
  'alreadyConfirmed',
  'confirmationFailed',
  'resendEmailRequiredTitle',
  'resendEmailRequired',
] as const);

/** Spec 01 §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const LOGIN_TIMEOUT_MS = 10_000;
export const AFTER_PASSWORD_UPDATE_REDIRECT_MS = 3_000;
export const AFTER_CONFIRMATION_REDIRECT_MS = 1_500;
