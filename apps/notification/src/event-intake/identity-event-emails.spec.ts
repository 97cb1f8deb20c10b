import { eventEnvelope } from '@portal/testing';
import { IdentityEvents } from '@portal/contracts';
import { emailConfirmationRequested, passwordChanged, passwordResetRequested, userConfirmed } from '../testing/identity-events';
import { IdentityEventEmails } from './identity-event-emails';

const links = { webUrl: 'https://portal.example.com/' };

describe('emails for identity events', () => {
  it('asks for a confirmation email with the link and its lifetime', () => {
    const event = emailConfirmationRequested();
    expect(IdentityEventEmails.confirmEmail(event.payload, event)).toEqual({
      template: 'confirm-email',
      to: event.payload.email,
      params: { firstName: 'Ada', confirmationUrl: event.payload.confirmationUrl, issuedAt: event.occurredAt, expiresAt: event.payload.expiresAt },
    });
  });

  it('asks for a reset email with the link and its lifetime', () => {
    const event = passwordResetRequested();
    expect(IdentityEventEmails.resetPassword(event.payload, event)).toEqual({
      template: 'reset-password',
      to: event.payload.email,
      params: { firstName: 'Ada', resetUrl: event.payload.resetUrl, issuedAt: event.occurredAt, expiresAt: event.payload.expiresAt },
    });
  });

  it('asks for a password-changed notice linking to the reset page', () => {
    const event = passwordChanged({ via: 'reset' });
    expect(IdentityEventEmails.passwordChanged(event.payload, event, links)).toEqual({
      template: 'password-changed',
      to: event.payload.email,
      params: { firstName: 'Ada', via: 'reset', changedAt: event.occurredAt, resetPasswordUrl: 'https://portal.example.com/auth/reset-password' },
    });
  });

  it("tells the owner of an address someone signed up with, linking to the owner's own sign-in page and to a reset", () => {
    const payload = { userId: '5f0c7c1e-54a8-4bb4-8d6a-1ad0b5a1a001', email: 'ada@example.test', firstName: 'Ada', userType: 'customer' as const };
    const event = eventEnvelope(IdentityEvents.signUpAttempted, payload);
    expect(IdentityEventEmails.signUpAttempted(event.payload, event, links)).toEqual({
      template: 'sign-up-attempted',
      to: 'ada@example.test',
      params: {
        firstName: 'Ada',
        attemptedAt: event.occurredAt,
        signInUrl: 'https://portal.example.com/auth/login?portal=customer',
        resetPasswordUrl: 'https://portal.example.com/auth/reset-password',
      },
    });
    const admin = eventEnvelope(IdentityEvents.signUpAttempted, { ...payload, userType: 'admin' as const });
    expect(IdentityEventEmails.signUpAttempted(admin.payload, admin, links).params).toMatchObject({ signInUrl: 'https://portal.example.com/auth/login?portal=admin' });
  });

  it('asks for a security alert with where it came from, linking to the Security page, a reset and the end of that session', () => {
    const event = eventEnvelope(IdentityEvents.securityAlert, {
      userId: '5f0c7c1e-54a8-4bb4-8d6a-1ad0b5a1a001',
      email: 'ada@example.test',
      firstName: 'Ada',
      kind: 'new_sign_in',
      clientIp: '203.0.113.9',
      userAgent: 'Firefox',
      endSessionUrl: 'https://portal.example.com/auth/end-session?token=abc',
    });
    expect(IdentityEventEmails.securityAlert(event.payload, event, links)).toEqual({
      template: 'security-alert',
      to: 'ada@example.test',
      params: {
        firstName: 'Ada',
        kind: 'new_sign_in',
        occurredAt: event.occurredAt,
        clientIp: '203.0.113.9',
        userAgent: 'Firefox',
        securitySettingsUrl: 'https://portal.example.com/app/settings/security',
        resetPasswordUrl: 'https://portal.example.com/auth/reset-password',
        endSessionUrl: 'https://portal.example.com/auth/end-session?token=abc',
      },
    });
  });

  it('asks for a welcome email linking to sign-in', () => {
    const event = userConfirmed();
    expect(IdentityEventEmails.welcome(event.payload, event, links)).toEqual({
      template: 'welcome',
      to: event.payload.email,
      params: { signInUrl: 'https://portal.example.com/auth/login' },
    });
  });
});
