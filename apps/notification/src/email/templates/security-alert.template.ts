import { SecurityAlertKind } from '@portal/contracts';
import { composeEmail, displayName, formatUtc, greeting, PRODUCT_NAME, RenderedEmail } from './layout';

export interface SecurityAlertParams {
  firstName: string;
  kind: SecurityAlertKind;
  occurredAt: string;
  clientIp?: string | null;
  userAgent?: string | null;
  /** The Security tab, where the owner reviews two-factor and changes the password. */
  securitySettingsUrl: string;
  resetPasswordUrl: string;
}

const SUBJECTS: Record<SecurityAlertKind, string> = {
  two_factor_enabled: 'Two-factor authentication was turned on',
  two_factor_disabled: 'Two-factor authentication was turned off',
  new_sign_in: 'New sign-in to your account',
  recovery_code_used: 'A recovery code was used to sign in',
};

const WHAT: Record<SecurityAlertKind, string> = {
  two_factor_enabled: 'two-factor authentication was turned on. Signing in now also asks for a code from your authenticator app.',
  two_factor_disabled: 'two-factor authentication was turned off. Signing in now asks for your password only.',
  new_sign_in: 'someone signed in from a browser or address not seen on your account before.',
  recovery_code_used: 'a recovery code was used to sign in. Each code works once; keep the others safe.',
};

/** Sent whatever the owner's notification choices: a change to how the account is protected. */
export function securityAlertTemplate(params: SecurityAlertParams): RenderedEmail {
  const when = formatUtc(params.occurredAt);
  const from = [params.clientIp ? `Address: ${displayName(params.clientIp)}` : null, params.userAgent ? `Browser: ${displayName(params.userAgent)}` : null].filter(
    (line): line is string => line !== null,
  );
  return composeEmail(SUBJECTS[params.kind], [
    greeting(params.firstName),
    `On your ${PRODUCT_NAME} account${when ? ` on ${when}` : ''}, ${WHAT[params.kind]}`,
    ...from,
    'If this was you, there is nothing else to do.',
    'If it was not, reset your password now, review your security settings and contact our support team.',
    { action: { label: 'Reset password', url: params.resetPasswordUrl } },
    { action: { label: 'Security settings', url: params.securitySettingsUrl } },
  ]);
}
