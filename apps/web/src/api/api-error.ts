import type { FieldError } from '@portal/api-client';
import { currentLanguage, i18n } from '../i18n/i18n';

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
 * Refusals that name a status, decision, role or admin permission as the service stores it
 * ("This transaction is already completed."): each such param is shown through the app's own
 * label of the word (the catalogue list named for it here, in the agreement its sentence
 * needs), so no English word is left in a translated sentence. A word with no label is shown
 * as sent.
 */
const WORD_PARAMS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  already_decided: { status: 'money:status' },
  security_deposit_unchanged: { status: 'money:status' },
  ticket_status_unchanged: { status: 'support:status' },
  document_already_reviewed: { status: 'kyc:documentStatuses' },
  kyc_already_decided: { status: 'kyc:kycStatuses' },
  account_status_unchanged: { status: 'users:status' },
  admin_role_unchanged: { role: 'users:roles' },
  not_pending: { status: 'cards:status' },
  card_decision_not_pending: { decision: 'cards:status', status: 'cards:status' },
  card_delivery_not_approved: { status: 'cards:status' },
  invalid_transition: { status: 'applications:statusInSentence', decision: 'applications:statuses' },
  admin_role_lacks_permission: { permission: 'system-settings:roles.permissions' },
};

/**
 * Lists holding capitalised names (of status tags, of the permissions in System Settings):
 * the translated sentences quote them ("en estado \"Rechazada\""), while the English one,
 * unquoted, keeps the service's own word.
 */
const TAG_NAMES: ReadonlySet<string> = new Set(['cards:status', 'applications:statuses', 'system-settings:roles.permissions']);

function labelledParams(code: string, params: Record<string, string> | undefined): Record<string, string> | undefined {
  const words = WORD_PARAMS[code];
  if (!words || !params) return params;
  const labelled = { ...params };
  for (const [param, labels] of Object.entries(words)) {
    const value = params[param];
    if (!value || (TAG_NAMES.has(labels) && currentLanguage() === 'en')) continue;
    // Services write under_review and in_progress as "under review" in their sentences; the labels are keyed by the stored value.
    labelled[param] = i18n.t(`${labels}.${value.replaceAll(' ', '_')}`, { defaultValue: value });
  }
  return labelled;
}

/**
 * What a user reads for a gateway error: the text of its stable `code` in the app's
 * language (the `server` namespace, src/api/locales), with the body's `params` filled in,
 * else the gateway's own English words.
 */
export function serverText(code: string | undefined, message: string, params?: Record<string, string>): string {
  return code ? i18n.t(`server:${code}`, { ...labelledParams(code, params), defaultValue: message }) : message;
}
