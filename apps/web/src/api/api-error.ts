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
 * What a user reads for a gateway error: the text of its stable `code` in the app's
 * language (the `server` namespace, src/api/locales), with the body's `params` filled in,
 * else the gateway's own English words.
 */
export function serverText(code: string | undefined, message: string, params?: Record<string, string>): string {
  return code ? i18n.t(`server:${code}`, { ...params, defaultValue: message }) : message;
}
