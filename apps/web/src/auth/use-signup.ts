import { useMutation } from '@tanstack/react-query';
import { isApiError, serverMessage } from '../api/api-error';
import { authApi } from './auth-api';
import type { SignupFields } from './form-rules';
import { AuthText } from './messages';

export function useSignup() {
  return useMutation({
    mutationFn: (fields: SignupFields) =>
      authApi.signup({
        firstName: fields.firstName.trim(),
        lastName: fields.lastName.trim(),
        email: fields.email.trim(),
        password: fields.password,
        confirmPassword: fields.confirmPassword,
        userType: 'customer',
      }),
  });
}

/** Spec 01 §8 "Signup": the gateway's words as given; rate limiting has its own short text. */
export function signupErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429) return AuthText.signupRateLimited;
  return serverMessage(error) ?? AuthText.signupUnexpected;
}
