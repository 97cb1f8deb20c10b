import { randomUUID } from 'node:crypto';
import { eventEnvelope } from '@portal/testing';
import {
  EmailChangeRequestedEvent,
  EmailConfirmationRequestedEvent,
  EventDefinition,
  EventEnvelope,
  IdentityEvents,
  PasswordChangedEvent,
  PasswordResetRequestedEvent,
  UserConfirmedEvent,
  UserRegisteredEvent,
} from '@portal/contracts';

/** A unique address per test, so tests never read each other's mail. */
export function testEmailAddress(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

function envelope<P extends object>(event: EventDefinition<P>, payload: NoInfer<P>, occurredAt = new Date()): EventEnvelope<P> {
  return eventEnvelope(event, payload, { occurredAt: occurredAt.toISOString() });
}

const hoursFrom = (date: Date, hours: number) => new Date(date.getTime() + hours * 3_600_000).toISOString();

export function emailConfirmationRequested(overrides: Partial<EmailConfirmationRequestedEvent> = {}): EventEnvelope<EmailConfirmationRequestedEvent> {
  const now = new Date();
  const token = randomUUID();
  return envelope(
    IdentityEvents.emailConfirmationRequested,
    {
      userId: randomUUID(),
      email: testEmailAddress('confirm'),
      firstName: 'Ada',
      confirmationUrl: `http://localhost:3000/auth/email-confirmed?token=${token}`,
      expiresAt: hoursFrom(now, 24),
      ...overrides,
    },
    now,
  );
}

export function emailChangeRequested(overrides: Partial<EmailChangeRequestedEvent> = {}): EventEnvelope<EmailChangeRequestedEvent> {
  const now = new Date();
  return envelope(
    IdentityEvents.emailChangeRequested,
    {
      userId: randomUUID(),
      newEmail: testEmailAddress('new'),
      currentEmail: testEmailAddress('current'),
      firstName: 'Ada',
      confirmationUrl: `http://localhost:3000/app/settings/email-confirmed?token=${randomUUID()}`,
      expiresAt: hoursFrom(now, 24),
      ...overrides,
    },
    now,
  );
}

export function passwordResetRequested(overrides: Partial<PasswordResetRequestedEvent> = {}): EventEnvelope<PasswordResetRequestedEvent> {
  const now = new Date();
  return envelope(
    IdentityEvents.passwordResetRequested,
    {
      userId: randomUUID(),
      email: testEmailAddress('reset'),
      firstName: 'Ada',
      resetUrl: `http://localhost:3000/auth/update-password?token=${randomUUID()}`,
      expiresAt: hoursFrom(now, 1),
      ...overrides,
    },
    now,
  );
}

export function passwordChanged(overrides: Partial<PasswordChangedEvent> = {}): EventEnvelope<PasswordChangedEvent> {
  return envelope(IdentityEvents.passwordChanged, { userId: randomUUID(), email: testEmailAddress('changed'), firstName: 'Ada', via: 'change', ...overrides });
}

export function userConfirmed(overrides: Partial<UserConfirmedEvent> = {}): EventEnvelope<UserConfirmedEvent> {
  return envelope(IdentityEvents.userConfirmed, { userId: randomUUID(), email: testEmailAddress('welcome'), ...overrides });
}

export function userRegistered(overrides: Partial<UserRegisteredEvent> = {}): EventEnvelope<UserRegisteredEvent> {
  return envelope(IdentityEvents.userRegistered, {
    userId: randomUUID(),
    email: testEmailAddress('registered'),
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType: 'customer',
    ...overrides,
  });
}
