import { isApiError } from '../api/api-error';
import { texts } from '../i18n/texts';
import { AuthText } from './messages';

export type ConfirmationFailure = 'expired' | 'invalid' | 'already_confirmed' | 'other';

/** Maps the gateway's `code` to the kinds of spec 01 §4 "Email confirmation". */
export function confirmationFailureOf(error: unknown): ConfirmationFailure {
  if (!isApiError(error)) return 'other';
  switch (error.code) {
    case 'confirmation_expired':
      return 'expired';
    case 'confirmation_invalid':
      return 'invalid';
    case 'already_confirmed':
      return 'already_confirmed';
    default:
      return 'other';
  }
}

// Getters: each read gives the text in the language shown then.
export const confirmationFailureMessage: Readonly<Record<ConfirmationFailure, string>> = {
  get expired() {
    return AuthText.confirmationExpired;
  },
  get invalid() {
    return AuthText.confirmationInvalid;
  },
  get already_confirmed() {
    return AuthText.alreadyConfirmed;
  },
  get other() {
    return AuthText.confirmationFailed;
  },
};

export const confirmationFailureTitle = texts('auth', ['expired', 'invalid', 'already_confirmed', 'other'] as const, 'confirmation.titles');
