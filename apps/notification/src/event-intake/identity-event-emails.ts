import {
  EmailChangedEvent,
  EmailChangeRequestedEvent,
  EmailConfirmationRequestedEvent,
  EventEnvelope,
  PasswordChangedEvent,
  PasswordResetRequestedEvent,
  SecurityAlertEvent,
  SignUpAttemptedEvent,
  UserConfirmedEvent,
} from '@portal/contracts';
import { EmailRequest } from '../email/email-job';

export interface EmailLinks {
  /** The web app's address (WEB_URL), for links to its pages. */
  webUrl: string;
}

function webPage(links: EmailLinks, path: string): string {
  return `${links.webUrl.replace(/\/+$/, '')}${path}`;
}

/** The emails identity's events ask for, from their validated payloads. */
export const IdentityEventEmails = {
  confirmEmail: (payload: EmailConfirmationRequestedEvent, event: EventEnvelope): EmailRequest => ({
    template: 'confirm-email',
    to: payload.email,
    params: { firstName: payload.firstName, confirmationUrl: payload.confirmationUrl, issuedAt: event.occurredAt, expiresAt: payload.expiresAt },
  }),
  resetPassword: (payload: PasswordResetRequestedEvent, event: EventEnvelope): EmailRequest => ({
    template: 'reset-password',
    to: payload.email,
    params: { firstName: payload.firstName, resetUrl: payload.resetUrl, issuedAt: event.occurredAt, expiresAt: payload.expiresAt },
  }),
  passwordChanged: (payload: PasswordChangedEvent, event: EventEnvelope, links: EmailLinks): EmailRequest => ({
    template: 'password-changed',
    to: payload.email,
    params: { firstName: payload.firstName, via: payload.via, changedAt: event.occurredAt, resetPasswordUrl: webPage(links, '/auth/reset-password') },
  }),
  securityAlert: (payload: SecurityAlertEvent, event: EventEnvelope, links: EmailLinks): EmailRequest => ({
    template: 'security-alert',
    to: payload.email,
    params: {
      firstName: payload.firstName,
      kind: payload.kind,
      occurredAt: event.occurredAt,
      clientIp: payload.clientIp ?? null,
      userAgent: payload.userAgent ?? null,
      securitySettingsUrl: webPage(links, '/app/settings/security'),
      resetPasswordUrl: webPage(links, '/auth/reset-password'),
      endSessionUrl: payload.endSessionUrl ?? null,
    },
  }),
  confirmEmailChange: (payload: EmailChangeRequestedEvent, event: EventEnvelope): EmailRequest => ({
    template: 'confirm-email-change',
    to: payload.newEmail,
    params: { firstName: payload.firstName, newEmail: payload.newEmail, confirmationUrl: payload.confirmationUrl, issuedAt: event.occurredAt, expiresAt: payload.expiresAt },
  }),
  /** To the address still in use, when the event names it. */
  emailChangeRequested: (payload: EmailChangeRequestedEvent & { currentEmail: string }, event: EventEnvelope, links: EmailLinks): EmailRequest => ({
    template: 'email-change-requested',
    to: payload.currentEmail,
    params: { firstName: payload.firstName, newEmail: payload.newEmail, requestedAt: event.occurredAt, resetPasswordUrl: webPage(links, '/auth/reset-password') },
  }),
  emailChanged: (payload: EmailChangedEvent, event: EventEnvelope): EmailRequest => ({
    template: 'email-changed',
    to: payload.previousEmail,
    params: { firstName: payload.firstName, newEmail: payload.email, changedAt: event.occurredAt },
  }),
  /** To the owner of an address someone signed up with; the sign-in link opens the owner's own portal. */
  signUpAttempted: (payload: SignUpAttemptedEvent, event: EventEnvelope, links: EmailLinks): EmailRequest => ({
    template: 'sign-up-attempted',
    to: payload.email,
    params: {
      firstName: payload.firstName,
      attemptedAt: event.occurredAt,
      signInUrl: webPage(links, `/auth/login?portal=${payload.userType === 'admin' ? 'admin' : 'customer'}`),
      resetPasswordUrl: webPage(links, '/auth/reset-password'),
    },
  }),
  welcome: (payload: UserConfirmedEvent, _event: EventEnvelope, links: EmailLinks): EmailRequest => ({
    template: 'welcome',
    to: payload.email,
    params: { signInUrl: webPage(links, '/auth/login') },
  }),
};
