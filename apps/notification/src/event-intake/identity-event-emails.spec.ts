import { IdentityEvents } from '@portal/contracts';
import { emailConfirmationRequested, passwordChanged, passwordResetRequested, userConfirmed, userRegistered } from '../testing/identity-events';
import { emailForEvent, InvalidEventPayloadError } from './identity-event-emails';

const links = { webUrl: 'https://portal.example.com/' };

describe('emails for identity events', () => {
  it('asks for a confirmation email with the link and its lifetime', async () => {
    const event = emailConfirmationRequested();
    expect(await emailForEvent(event, links)).toEqual({
      template: 'confirm-email',
      to: event.payload.email,
      params: { firstName: 'Ada', confirmationUrl: event.payload.confirmationUrl, issuedAt: event.occurredAt, expiresAt: event.payload.expiresAt },
    });
  });

  it('asks for a reset email with the link and its lifetime', async () => {
    const event = passwordResetRequested();
    expect(await emailForEvent(event, links)).toEqual({
      template: 'reset-password',
      to: event.payload.email,
      params: { firstName: 'Ada', resetUrl: event.payload.resetUrl, issuedAt: event.occurredAt, expiresAt: event.payload.expiresAt },
    });
  });

  it('asks for a password-changed notice linking to the reset page', async () => {
    const event = passwordChanged({ via: 'reset' });
    expect(await emailForEvent(event, links)).toEqual({
      template: 'password-changed',
      to: event.payload.email,
      params: { firstName: 'Ada', via: 'reset', changedAt: event.occurredAt, resetPasswordUrl: 'https://portal.example.com/auth/reset-password' },
    });
  });

  it('asks for a welcome email linking to sign-in', async () => {
    const event = userConfirmed();
    expect(await emailForEvent(event, links)).toEqual({
      template: 'welcome',
      to: event.payload.email,
      params: { signInUrl: 'https://portal.example.com/auth/login' },
    });
  });

  it('asks for nothing on other identity events', async () => {
    expect(await emailForEvent(userRegistered(), links)).toBeNull();
    expect(await emailForEvent({ ...userRegistered(), subject: IdentityEvents.securityEventRecorded }, links)).toBeNull();
  });

  it('refuses a payload that breaks the contract', async () => {
    const event = emailConfirmationRequested({ email: 'not-an-address', confirmationUrl: 'javascript:alert(1)' });
    await expect(emailForEvent(event, links)).rejects.toThrow(InvalidEventPayloadError);
    await expect(emailForEvent(event, links)).rejects.toThrow(/email: .*confirmationUrl: /);
    await expect(emailForEvent({ ...event, payload: null }, links)).rejects.toThrow('payload is not an object');
  });
});
