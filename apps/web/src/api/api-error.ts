import type { FieldError } from '@portal/api-client';

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
