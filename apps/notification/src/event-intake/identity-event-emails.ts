import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import {
  EmailConfirmationRequestedEvent,
  EventEnvelope,
  IdentityEvents,
  PasswordChangedEvent,
  PasswordResetRequestedEvent,
  UserConfirmedEvent,
} from '@portal/contracts';
import { EmailRequest } from '../email/email-job';

export interface EmailLinks {
  /** The web app's address (WEB_URL), for links to its pages. */
  webUrl: string;
}

/** An event whose payload breaks its contract; redelivering it cannot help. */
export class InvalidEventPayloadError extends Error {
  constructor(subject: string, problems: string[]) {
    super(`${subject} payload is invalid: ${problems.join('; ')}`);
    this.name = 'InvalidEventPayloadError';
  }
}

interface EventEmailRule<P extends object> {
  payload: new () => P;
  email: (payload: P, event: EventEnvelope, links: EmailLinks) => EmailRequest;
}

function rule<P extends object>(payload: new () => P, email: EventEmailRule<P>['email']): EventEmailRule<object> {
  return { payload, email } as unknown as EventEmailRule<object>;
}

function webPage(links: EmailLinks, path: string): string {
  return `${links.webUrl.replace(/\/+$/, '')}${path}`;
}

/** Which identity events send which email. Events not listed send none. */
const rules: Record<string, EventEmailRule<object>> = {
  [IdentityEvents.emailConfirmationRequested]: rule(EmailConfirmationRequestedEvent, (payload, event) => ({
    template: 'confirm-email',
    to: payload.email,
    params: { firstName: payload.firstName, confirmationUrl: payload.confirmationUrl, issuedAt: event.occurredAt, expiresAt: payload.expiresAt },
  })),
  [IdentityEvents.passwordResetRequested]: rule(PasswordResetRequestedEvent, (payload, event) => ({
    template: 'reset-password',
    to: payload.email,
    params: { firstName: payload.firstName, resetUrl: payload.resetUrl, issuedAt: event.occurredAt, expiresAt: payload.expiresAt },
  })),
  [IdentityEvents.passwordChanged]: rule(PasswordChangedEvent, (payload, event, links) => ({
    template: 'password-changed',
    to: payload.email,
    params: { firstName: payload.firstName, via: payload.via, changedAt: event.occurredAt, resetPasswordUrl: webPage(links, '/auth/reset-password') },
  })),
  [IdentityEvents.userConfirmed]: rule(UserConfirmedEvent, (payload, _event, links) => ({
    template: 'welcome',
    to: payload.email,
    params: { signInUrl: webPage(links, '/auth/login') },
  })),
};

/** Whether an event's subject sends email at all. */
export function sendsEmail(subject: string): boolean {
  return Object.prototype.hasOwnProperty.call(rules, subject);
}

/**
 * The email an identity event asks for, from its validated payload; null for events
 * that send none. Throws InvalidEventPayloadError when the payload breaks the contract.
 */
export async function emailForEvent(event: EventEnvelope, links: EmailLinks): Promise<EmailRequest | null> {
  if (!sendsEmail(event.subject)) return null;
  const rule = rules[event.subject];
  if (typeof event.payload !== 'object' || event.payload === null) throw new InvalidEventPayloadError(event.subject, ['payload is not an object']);
  const payload = plainToInstance(rule.payload, event.payload);
  const errors = await validate(payload, { forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new InvalidEventPayloadError(
      event.subject,
      errors.map((error) => `${error.property}: ${Object.values(error.constraints ?? {}).join(', ')}`),
    );
  }
  return rule.email(payload, event, links);
}
