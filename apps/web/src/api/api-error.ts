import type { FieldError } from '@portal/api-client';
import { i18n } from '../i18n/i18n';

/**
 * A failed gateway call. `fromServer` tells whether `message` is the gateway's own words
 * (its `ErrorBody`, safe to show as given) or a fallback written here because no error
 * body came back (network failure, proxy error page).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly details: FieldError[];
  readonly fromServer: boolean;

  constructor(init: { status: number; message: string; code?: string; details?: FieldError[]; fromServer: boolean }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.fromServer = init.fromServer;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The gateway's message when it sent one, otherwise null so the caller picks its own words. */
export function serverMessage(error: unknown): string | null {
  return isApiError(error) && error.fromServer && error.message ? error.message : null;
}

/**
 * Refusals that name a status or role as the service stores it ("This transaction is already
 * completed."): that param is shown through the app's own label of the word (the catalogue
 * list named here, in the agreement its sentence needs), so no English word is left in a
 * translated sentence. A word with no label is shown as sent.
 */
const WORD_PARAMS: Readonly<Record<string, { param: string; labels: string }>> = {
  already_decided: { param: 'status', labels: 'money:status' },
  security_deposit_unchanged: { param: 'status', labels: 'money:status' },
  ticket_status_unchanged: { param: 'status', labels: 'support:status' },
  document_already_reviewed: { param: 'status', labels: 'kyc:documentStatuses' },
  kyc_already_decided: { param: 'status', labels: 'kyc:kycStatuses' },
  account_status_unchanged: { param: 'status', labels: 'users:status' },
  admin_role_unchanged: { param: 'role', labels: 'users:roles' },
};

function labelledParams(code: string, params: Record<string, string> | undefined): Record<string, string> | undefined {
  const word = WORD_PARAMS[code];
  const value = word && params?.[word.param];
  if (!value) return params;
  // Support writes in_progress as "in progress" in its sentence; the labels are keyed by the stored value.
  return { ...params, [word.param]: i18n.t(`${word.labels}.${value.replaceAll(' ', '_')}`, { defaultValue: value }) };
}

/**
 * What a user reads for a gateway error: the text of its stable `code` in the app's
 * language (the `server` namespace, src/api/locales), with the body's `params` filled in,
 * else the gateway's own English words.
 */
export function serverText(code: string | undefined, message: string, params?: Record<string, string>): string {
  return code ? i18n.t(`server:${code}`, { ...labelledParams(code, params), defaultValue: message }) : message;
}
