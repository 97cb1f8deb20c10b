import { composeEmail, greeting, RenderedEmail } from './layout';

export interface GippSubmittedParams {
  clientName: string;
  /** The login page (spec 01 §7, send-gipp-confirmation's confirmationUrl). */
  confirmationUrl: string;
}

export function gippSubmittedTemplate(params: GippSubmittedParams): RenderedEmail {
  return composeEmail('We received your GIPP application', [
    greeting(params.clientName),
    'Thank you for submitting your Global Investment Partnership Program (GIPP) application. It has been received and is waiting for review.',
    'GIPP applications are usually reviewed within 10 to 15 business days. We will email you when a decision has been made.',
    { action: { label: 'Sign in to follow your application', url: params.confirmationUrl } },
  ]);
}
