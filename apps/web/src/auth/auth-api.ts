import type {
  PasskeyAuthenticationCredential,
  ResendConfirmationPayload,
  SignInPayload,
  SignUpPayload,
  UpdatePasswordPayload,
} from '@portal/api-client';
import { callGateway, type CallOptions } from '../api/http';

/**
 * The gateway's auth endpoints; paths, bodies and answers are those of its OpenAPI
 * document. None of them sends a bearer token or triggers a session renewal.
 */
const publicCall: CallOptions = { authenticated: false };

export const authApi = {
  signup: (body: SignUpPayload) =>
    callGateway((client, init) => client.POST('/api/v1/auth/signup', { ...init, body }), publicCall),

  /** A session, or (two-factor on, or required) a challenge for the second step. */
  login: (body: SignInPayload, signal?: AbortSignal) =>
    callGateway((client, init) => client.POST('/api/v1/auth/login', { ...init, body }), { ...publicCall, signal }),

  /** The second step: the challenge and an authenticator or recovery code; sets the refresh cookie. */
  completeMfa: (mfaToken: string, code: string) =>
    callGateway((client, init) => client.POST('/api/v1/auth/login/mfa', { ...init, body: { mfaToken, code } }), publicCall),

  /** An administrator required to use two-factor gets a secret to set it up during sign-in. */
  startMfaEnrolment: (mfaToken: string) =>
    callGateway((client, init) => client.POST('/api/v1/auth/login/mfa/enrol', { ...init, body: { mfaToken } }), publicCall),

  /** Options for signing in with a passkey: a single-use challenge, no account named. */
  passkeyOptions: () => callGateway((client, init) => client.POST('/api/v1/auth/passkeys/options', init), publicCall),

  /** Signs in with the browser's passkey answer; sets the refresh cookie. */
  passkeySignIn: (credential: PasskeyAuthenticationCredential) =>
    callGateway((client, init) => client.POST('/api/v1/auth/passkeys/sign-in', { ...init, body: { credential } }), publicCall),

  /** Renews the session from the httpOnly refresh cookie, rotating it. */
  refresh: () => callGateway((client, init) => client.POST('/api/v1/auth/refresh', { ...init, body: {} }), publicCall),

  /** Ends the session of the refresh cookie and clears it; answers 204. */
  logout: async (): Promise<void> => {
    await callGateway((client, init) => client.POST('/api/v1/auth/logout', { ...init, body: {} }), publicCall);
  },

  confirmEmail: (token: string) =>
    callGateway((client, init) => client.POST('/api/v1/auth/confirm-email', { ...init, body: { token } }), publicCall),

  resendConfirmation: (body: ResendConfirmationPayload) =>
    callGateway((client, init) => client.POST('/api/v1/auth/resend-confirmation', { ...init, body }), publicCall),

  requestPasswordReset: (email: string) =>
    callGateway((client, init) => client.POST('/api/v1/auth/password-reset', { ...init, body: { email } }), publicCall),

  updatePassword: (body: UpdatePasswordPayload) =>
    callGateway((client, init) => client.POST('/api/v1/auth/password-update', { ...init, body }), publicCall),
};
