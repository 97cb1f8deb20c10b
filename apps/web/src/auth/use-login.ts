import { useMutation } from '@tanstack/react-query';
import { isApiError, serverMessage } from '../api/api-error';
import { withTimeout } from '../api/with-timeout';
import { authApi } from './auth-api';
import { useAuth } from './AuthProvider';
import { decideAfterLogin, type LoginOutcome, type PortalChoice, type RememberedOrigin } from './login-redirect';
import { AuthText, LOGIN_TIMEOUT_MS } from './messages';

export class LoginTimeoutError extends Error {
  constructor() {
    super(AuthText.loginTimeout);
    this.name = 'LoginTimeoutError';
  }
}

export interface LoginAttempt {
  email: string;
  password: string;
  portal: PortalChoice;
  from: RememberedOrigin | null;
}

/** Signs in and decides where to go next; a customer on the admin portal is signed out again. */
export function useLogin() {
  const { signIn, signOut } = useAuth();
  return useMutation({
    mutationFn: async ({ email, password, portal, from }: LoginAttempt): Promise<LoginOutcome> => {
      const session = await withTimeout(
        (signal) => authApi.login({ email, password }, signal),
        LOGIN_TIMEOUT_MS,
        () => new LoginTimeoutError(),
      );
      signIn(session);
      const outcome = decideAfterLogin({ from, portal, userType: session.user.userType });
      if (outcome.kind === 'denied') await signOut().catch(() => undefined);
      return outcome;
    },
  });
}

export function loginErrorMessage(error: unknown): string {
  if (error instanceof LoginTimeoutError) return AuthText.loginTimeout;
  if (isApiError(error)) return serverMessage(error) ?? AuthText.loginFailed;
  return AuthText.unexpected;
}
