import { ApiError } from '../api/api-error';
import { confirmationFailureMessage, confirmationFailureOf } from './email-confirmation';

const gatewayError = (code?: string) =>
  new ApiError({ status: 400, message: 'from the gateway', code, fromServer: true });

describe('confirmationFailureOf', () => {
  it('maps the gateway codes to the specified kinds', () => {
    expect(confirmationFailureOf(gatewayError('confirmation_expired'))).toBe('expired');
    expect(confirmationFailureOf(gatewayError('confirmation_invalid'))).toBe('invalid');
    expect(confirmationFailureOf(gatewayError('already_confirmed'))).toBe('already_confirmed');
    expect(confirmationFailureOf(gatewayError())).toBe('other');
    expect(confirmationFailureOf(new Error('boom'))).toBe('other');
  });

  it('uses the exact messages of spec 01 §8', () => {
    expect(confirmationFailureMessage).toEqual({
      expired: 'Your confirmation link has expired. Please request a new one.',
      invalid: 'This confirmation link is invalid. Please request a new confirmation email.',
      already_confirmed: 'Your email has already been confirmed. You can now log in to your account.',
      other: 'Failed to confirm email. Please try requesting a new confirmation email.',
    });
  });
});
