import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

type Schemas = components['schemas'];

/** The error envelope every failing call answers with. */
export type ErrorBody = Schemas['ErrorBody'];
export type FieldError = Schemas['FieldError'];
export type AuthSession = Schemas['AuthSession'];
export type SessionUser = Schemas['SessionUser'];
export type SignUpPayload = Schemas['SignUpPayload'];
export type SignUpResult = Schemas['SignUpResult'];
export type SignInPayload = Schemas['SignInPayload'];
export type ConfirmEmailPayload = Schemas['ConfirmEmailPayload'];
export type ResendConfirmationPayload = Schemas['ResendConfirmationPayload'];
export type ResendConfirmationResult = Schemas['ResendConfirmationResult'];
export type RefreshSessionPayload = Schemas['RefreshSessionPayload'];
export type RequestPasswordResetPayload = Schemas['RequestPasswordResetPayload'];
export type UpdatePasswordPayload = Schemas['UpdatePasswordPayload'];
export type PasswordUpdatedResult = Schemas['PasswordUpdatedResult'];
export type AcceptedResult = Schemas['AcceptedResult'];
export type PublicSettings = Schemas['PublicSettings'];
export type RecordSecurityEventPayload = Schemas['RecordSecurityEventPayload'];
export type AuditLogEntry = Schemas['AuditLogEntry'];
export type AuditLogPage = Schemas['AuditLogPage'];
export type ReadinessReport = Schemas['ReadinessReport'];
export type StoredFile = Schemas['StoredFile'];
export type ApplicationBody = Schemas['ApplicationBody'];
export type ApplicationView = Schemas['ApplicationView'];
export type ApplicationDocument = Schemas['ApplicationDocument'];
export type ApplicationPage = Schemas['ApplicationPage'];
export type AdminApplicationPage = Schemas['AdminApplicationPage'];
export type LatestApplicationStatus = Schemas['LatestApplicationStatus'];
export type InvestmentView = Schemas['InvestmentView'];
export type InvestmentList = Schemas['InvestmentList'];
export type OversightRow = Schemas['OversightRow'];
export type OversightPage = Schemas['OversightPage'];
export type KycDocumentView = Schemas['KycDocumentView'];
export type KycDocumentList = Schemas['KycDocumentList'];
export type AdminKycDocumentView = Schemas['AdminKycDocumentView'];
export type AdminKycDocumentPage = Schemas['AdminKycDocumentPage'];
export type KycStatusView = Schemas['KycStatusView'];
export type VerificationConfigView = Schemas['VerificationConfigView'];
export type VerificationSessionView = Schemas['VerificationSessionView'];
export type AdminUserRow = Schemas['AdminUserRow'];
export type AdminUserPage = Schemas['AdminUserPage'];
export type AdminUserSummary = Schemas['AdminUserSummary'];
export type CreateAdminPayload = Schemas['CreateAdminPayload'];
export type MfaChallenge = Schemas['MfaChallenge'];
export type MfaSignInSession = Schemas['MfaSignInSession'];
export type ChangePasswordPayload = Schemas['ChangePasswordPayload'];
export type PasswordChangedResult = Schemas['PasswordChangedResult'];
export type SecurityPreferences = Schemas['SecurityPreferences'];
export type UpdateSecurityPreferencesPayload = Schemas['UpdateSecurityPreferencesPayload'];
export type TwoFactorEnrolment = Schemas['TwoFactorEnrolment'];
export type TwoFactorEnabledResult = Schemas['TwoFactorEnabledResult'];
export type PasskeySummary = Schemas['PasskeySummary'];
export type PasskeyList = Schemas['PasskeyList'];
export type PasskeyCreationOptions = Schemas['PasskeyCreationOptions'];
export type PasskeyRequestOptions = Schemas['PasskeyRequestOptions'];
export type PasskeyRegistrationCredential = Schemas['PasskeyRegistrationCredential'];
export type PasskeyAuthenticationCredential = Schemas['PasskeyAuthenticationCredential'];
export type RegisterPasskeyPayload = Schemas['RegisterPasskeyPayload'];

export interface PortalClientOptions {
  /** Origin of the gateway; '' (the default) calls the page's own origin, as the web app does. */
  baseUrl?: string;
  /** The in-memory access token of the signed-in user, or null when signed out. */
  getAccessToken: () => string | null | undefined | Promise<string | null | undefined>;
  /** A fetch to use instead of the global one (tests, server-side callers). */
  fetch?: typeof globalThis.fetch;
}

export type PortalClient = Client<paths>;

/**
 * A fetch client typed by the gateway's OpenAPI document: paths, bodies, parameters and
 * both success and ErrorBody answers. Every request carries the bearer token when there
 * is one, and cookies (credentials: 'include'), which the auth endpoints need for the
 * httpOnly refresh-token cookie.
 */
export function createPortalClient(options: PortalClientOptions): PortalClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    credentials: 'include',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const authorization: Middleware = {
    async onRequest({ request }) {
      const token = await options.getAccessToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
  client.use(authorization);
  return client;
}

/** Whether a value is the API's error envelope (for code that catches unknown errors). */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<ErrorBody>;
  return typeof candidate.statusCode === 'number' && typeof candidate.message === 'string' && typeof candidate.error === 'string';
}
