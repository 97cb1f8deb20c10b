import { isApiError } from '../api/api-error';
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

export const confirmationFailureMessage: Record<ConfirmationFailure, string> = {
  expired: AuthText.confirmationExpired,
  invalid: AuthText.confirmationInvalid,
  already_confirmed: AuthText.alreadyConfirmed,
  other: AuthText.confirmationFailed,
};

export const confirmationFailureTitle: Record<ConfirmationFailure, string> = {
  expired: 'Link Expired',
  invalid: 'Invalid Link',
  already_confirmed: 'Already Confirmed',
  other: 'Confirmation Failed',
};
