import { composeEmail, PRODUCT_NAME, RenderedEmail } from './layout';

export interface WelcomeParams {
  signInUrl: string;
}

export function welcomeTemplate(params: WelcomeParams): RenderedEmail {
  return composeEmail(`Welcome to ${PRODUCT_NAME}`, [
    'Hello,',
    `Your email address is confirmed and your ${PRODUCT_NAME} account is ready.`,
    'Sign in to complete your profile, verify your identity and explore the investment opportunities open to you.',
    { action: { label: 'Sign in', url: params.signInUrl } },
  ]);
}
