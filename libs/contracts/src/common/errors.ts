import { userMessage, type UserMessageCode } from '@portal/domain-rules';

export interface FieldError {
  field: string;
  message: string;
  /** The message's code in the registry of user messages, for clients that translate it. */
  code?: string;
  /** Values of the message's `{{placeholders}}`. */
  params?: Record<string, string>;
}

/** The error envelope of API.md; services reply with it and the gateway passes it on. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /**
   * Machine-readable reason for clients that branch on it (e.g. email_not_confirmed); for a
   * registered user message (see user-messages.ts) it is that message's code, the key of
   * its translations.
   */
  code?: string;
  /** Values of the message's `{{placeholders}}`, e.g. the name of a service that is down. */
  params?: Record<string, string>;
  details?: FieldError[];
  /** Seconds a client should wait; the gateway turns it into a Retry-After header. */
  retryAfterSeconds?: number;
}

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
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

/**
 * The envelope of a refusal. A refusal by a catalogue code (ServiceError.of, ApiError.of, a
 * validation rule's refusal()) carries its code and values itself; clients translate by it.
 */
export function errorBody(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  const body: ErrorBody = { statusCode, error: reasonPhrase(statusCode), message, ...extra };
  if (body.code === undefined) delete body.code;
  return body;
}

/** Values of a message's `{{placeholders}}`, as a refusal is given them. */
export type MessageParams = Record<string, string | number>;

/** Placeholder values as they travel (text), or undefined when there are none. */
export function messageParams(params: MessageParams | undefined): Record<string, string> | undefined {
  if (!params || Object.keys(params).length === 0) return undefined;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

/** Options of a refusal by code: the values of its placeholders, field details, and a wait for 429s. */
export interface CodedRefusalOptions {
  params?: MessageParams;
  details?: FieldError[];
  retryAfterSeconds?: number;
}

/**
 * The envelope of a refusal by its code in the user-message catalogue (libs/domain-rules):
 * the English text is the catalogue's, so editing a sentence never changes the code a client
 * receives. ServiceError.of and the gateway's ApiError.of both build theirs here.
 */
export function codedErrorBody(statusCode: number, code: UserMessageCode, options: CodedRefusalOptions = {}): ErrorBody {
  const params = messageParams(options.params);
  return errorBody(statusCode, userMessage(code, options.params), {
    code,
    ...(params && { params }),
    ...(options.details && { details: options.details }),
    ...(options.retryAfterSeconds !== undefined && { retryAfterSeconds: options.retryAfterSeconds }),
  });
}

/** A field's refusal by its code: the English text from the catalogue, the code and values for clients that translate it. */
export function fieldRefusal(field: string, code: UserMessageCode, params?: MessageParams): FieldError {
  const values = messageParams(params);
  return { field, message: userMessage(code, params), code, ...(values && { params: values }) };
}
