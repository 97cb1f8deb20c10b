import { composeEmail, formatUtc, greeting, PRODUCT_NAME, RenderedEmail, validitySentence } from './layout';

export interface ConfirmEmailChangeParams {
  firstName: string;
  newEmail: string;
  confirmationUrl: string;
  issuedAt: string;
  expiresAt: string;
}

/** Sent to the new address: the change applies only once this link is opened. */
export function confirmEmailChangeTemplate(params: ConfirmEmailChangeParams): RenderedEmail {
  return composeEmail('Confirm your new email address', [
    greeting(params.firstName),
    `You asked to use ${params.newEmail} for your ${PRODUCT_NAME} account. Please confirm that this address is yours.`,
    { action: { label: 'Confirm new email address', url: params.confirmationUrl } },
    `${validitySentence(params.issuedAt, params.expiresAt)} Until you confirm, your current email address stays in use.`,
    'If you did not ask for this, you can ignore this email.',
  ]);
}

export interface EmailChangedParams {
  firstName: string;
  newEmail: string;
  changedAt: string;
}

/** Sent to the previous address: a security notice, always sent. */
export function emailChangedTemplate(params: EmailChangedParams): RenderedEmail {
  const when = formatUtc(params.changedAt);
  return composeEmail('Your email address was changed', [
    greeting(params.firstName),
    `The email address of your ${PRODUCT_NAME} account was changed to ${params.newEmail}${when ? ` on ${when}` : ''}.`,
    'If you made this change, there is nothing else to do. If you did not, contact our support team at once so we can secure your account.',
  ]);
}
