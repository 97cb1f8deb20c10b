import type { AuthSession, MfaChallenge } from '@portal/api-client';
import { useMutation } from '@tanstack/react-query';
import { isApiError, serverMessage } from '../api/api-error';
import { withTimeout } from '../api/with-timeout';
import { authApi } from './auth-api';
import { signWithPasskey } from './passkey-ceremony';
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

/** Where sign-in stands: done (go or denied), or waiting for the authenticator code. */
export type LoginStep = LoginOutcome | { kind: 'second-step'; challenge: MfaChallenge };

export function isChallenge(answer: AuthSession | MfaChallenge): answer is MfaChallenge {
  return (answer as MfaChallenge).mfaRequired === true;
}

/** Where to go with a session, signing a customer on the admin portal out again. */
export function useFinishSignIn() {
  const { signIn, signOut } = useAuth();
  return async (session: AuthSession, portal: PortalChoice, from: RememberedOrigin | null): Promise<LoginOutcome> => {
    signIn(session);
    const outcome = decideAfterLogin({ from, portal, userType: session.user.userType });
    if (outcome.kind === 'denied') await signOut().catch(() => undefined);
    return outcome;
  };
}

/** Signs in and decides where to go next; with two-factor on, stops at the second step. */
export function useLogin() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async ({ email, password, portal, from }: LoginAttempt): Promise<LoginStep> => {
      const answer = await withTimeout(
        (signal) => authApi.login({ email, password }, signal),
        LOGIN_TIMEOUT_MS,
        () => new LoginTimeoutError(),
      );
      if (isChallenge(answer)) return { kind: 'second-step', challenge: answer };
      return finish(answer, portal, from);
    },
  });
}

export interface PasskeyLoginAttempt {
  portal: PortalChoice;
  from: RememberedOrigin | null;
}

/**
 * Signs in with a passkey alone: the browser offers the person's passkeys for this site,
 * and the signed answer opens a session (no email, password or authenticator code).
 */
export function usePasskeyLogin() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async ({ portal, from }: PasskeyLoginAttempt): Promise<LoginOutcome> => {
      const { publicKey } = await authApi.passkeyOptions();
      const credential = await signWithPasskey(publicKey);
      return finish(await authApi.passkeySignIn(credential), portal, from);
    },
  });
}

export interface SecondStepAttempt {
  mfaToken: string;
  code: string;
  portal: PortalChoice;
  from: RememberedOrigin | null;
}

/** What the second step ends with: done, or (after a required enrolment) recovery codes to keep first. */
export type SecondStepResult =
  | { kind: 'done'; outcome: LoginOutcome }
  | { kind: 'keep-codes'; session: AuthSession; recoveryCodes: string[] };

/** The second step: a code (authenticator or recovery) for the challenge. */
export function useSecondStep() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async ({ mfaToken, code, portal, from }: SecondStepAttempt): Promise<SecondStepResult> => {
      const { recoveryCodes, ...session } = await authApi.completeMfa(mfaToken, code.trim());
      // Codes to keep are shown before the app opens: the session starts once they are acknowledged.
      if (recoveryCodes && recoveryCodes.length > 0) return { kind: 'keep-codes', session, recoveryCodes };
      return { kind: 'done', outcome: await finish(session, portal, from) };
    },
  });
}

export function loginErrorMessage(error: unknown): string {
  if (error instanceof LoginTimeoutError) return AuthText.loginTimeout;
  if (isApiError(error)) return serverMessage(error) ?? AuthText.loginFailed;
  return AuthText.unexpected;
}
