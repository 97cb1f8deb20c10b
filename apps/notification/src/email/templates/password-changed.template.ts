import { composeEmail, formatUtc, greeting, PRODUCT_NAME, RenderedEmail } from './layout';

export interface PasswordChangedParams {
  firstName: string;
  /** How it was changed: with a reset link, or from the account's settings. */
  via: 'reset' | 'change';
  changedAt: string;
  /** Where the user starts a reset if the change was not theirs. */
  resetPasswordUrl: string;
}

export function passwordChangedTemplate(params: PasswordChangedParams): RenderedEmail {
  const when = formatUtc(params.changedAt);
  const how = params.via === 'reset' ? 'was reset with a password reset link' : 'was changed';
  return composeEmail('Your password was changed', [
    greeting(params.firstName),
    `The password of your ${PRODUCT_NAME} account ${how}${when ? ` on ${when}` : ''}.`,
    'If you made this change, there is nothing else to do.',
    'If you did not, reset your password now and contact our support team so we can secure your account.',
    { action: { label: 'Reset password', url: params.resetPasswordUrl } },
  ]);
}
