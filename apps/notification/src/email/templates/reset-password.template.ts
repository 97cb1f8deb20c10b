import { composeEmail, greeting, PRODUCT_NAME, RenderedEmail, validitySentence } from './layout';

export interface ResetPasswordParams {
  firstName: string;
  resetUrl: string;
  issuedAt: string;
  expiresAt: string;
}

export function resetPasswordTemplate(params: ResetPasswordParams): RenderedEmail {
  return composeEmail('Reset your password', [
    greeting(params.firstName),
    `We received a request to reset the password of your ${PRODUCT_NAME} account. Choose a new password with the link below.`,
    { action: { label: 'Reset password', url: params.resetUrl } },
    `${validitySentence(params.issuedAt, params.expiresAt)} It can be used once.`,
    'If you did not ask to reset your password, you can ignore this email; your password will not change.',
  ]);
}
