/** User-facing texts of spec 01 §5 and §8, word for word. */
export const AuthText = {
  fillAllFields: 'Please fill in all fields',
  signingIn: 'Signing in...',
  loginTimeout: 'Login is taking longer than expected. Please try again.',
  loginFailed: 'Login failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  adminPortalDenied: 'Access denied. You do not have permission to access the admin portal.',
  sessionEnded: 'Your session has ended. Please sign in again.',

  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordsDiffer: 'Passwords do not match',
  signupRateLimited: 'Please try again.',
  signupUnexpected: 'An unexpected error occurred',

  resetEmailRequired: 'Please enter your email address',
  invalidResetLink: 'Invalid or expired reset link. Please request a new password reset.',

  confirmationExpired: 'Your confirmation link has expired. Please request a new one.',
  confirmationInvalid: 'This confirmation link is invalid. Please request a new confirmation email.',
  alreadyConfirmed: 'Your email has already been confirmed. You can now log in to your account.',
  confirmationFailed: 'Failed to confirm email. Please try requesting a new confirmation email.',
  resendEmailRequiredTitle: 'Email Required',
  resendEmailRequired: 'Please enter your email address to resend the confirmation.',
} as const;

/** Spec 01 §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const LOGIN_TIMEOUT_MS = 10_000;
export const AFTER_PASSWORD_UPDATE_REDIRECT_MS = 3_000;
export const AFTER_CONFIRMATION_REDIRECT_MS = 1_500;
