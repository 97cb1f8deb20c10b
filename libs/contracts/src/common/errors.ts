export interface FieldError {
  field: string;
  message: string;
}

/** The error envelope of API.md; services reply with it and the gateway passes it on. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** Machine-readable reason for clients that branch on it (e.g. email_not_confirmed). */
  code?: string;
  details?: FieldError[];
  /** Seconds a client should wait; the gateway turns it into a Retry-After header. */
  retryAfterSeconds?: number;
}

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function reasonPhrase(statusCode: number): string {
  return REASON_PHRASES[statusCode] ?? 'Error';
}

export function errorBody(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { statusCode, error: reasonPhrase(statusCode), message, ...extra };
}
