import {
  EmailConfirmationRequestedEvent,
  EventEnvelope,
  PasswordChangedEvent,
  PasswordResetRequestedEvent,
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
  welcome: (payload: UserConfirmedEvent, _event: EventEnvelope, links: EmailLinks): EmailRequest => ({
    template: 'welcome',
    to: payload.email,
    params: { signInUrl: webPage(links, '/auth/login') },
  }),
};
