import { composeEmail, greeting, PRODUCT_NAME, RenderedEmail, validitySentence } from './layout';

export interface ConfirmEmailParams {
  firstName: string;
  confirmationUrl: string;
  /** When the link was issued (the event's time) and when it stops working. */
  issuedAt: string;
  expiresAt: string;
}

export function confirmEmailTemplate(params: ConfirmEmailParams): RenderedEmail {
  return composeEmail('Confirm your email address', [
    greeting(params.firstName),
    `Thank you for signing up for ${PRODUCT_NAME}. Please confirm your email address to activate your account.`,
    { action: { label: 'Confirm email address', url: params.confirmationUrl } },
    `${validitySentence(params.issuedAt, params.expiresAt)} If it has expired, you can ask for a new confirmation email from the sign-in page.`,
    'If you did not create an account, you can ignore this email.',
  ]);
}
