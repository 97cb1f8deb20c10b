import { RpcException } from '@nestjs/microservices';
import { ErrorBody, errorBody, FieldError, userMessage, UserMessageCode } from '@portal/contracts';

/** Values of a message's `{{placeholders}}`. */
type MessageParams = Record<string, string | number>;

function stringParams(params: MessageParams | undefined): Record<string, string> | undefined {
  if (!params || Object.keys(params).length === 0) return undefined;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

/** A field's refusal by its code: the English text from the catalogue, the code and values for clients that translate it. */
export function fieldRefusal(field: string, code: UserMessageCode, params?: MessageParams): FieldError {
  const values = stringParams(params);
  return { field, message: userMessage(code, params), code, ...(values && { params: values }) };
}

/**
 * A refusal a service means to send back to the caller: a status, a human message and
 * optionally a machine code and field details. Anything else thrown is an internal error.
 */
export class ServiceError extends RpcException {
  constructor(readonly body: ErrorBody) {
    super(body);
  }

  /**
   * A refusal by its code in the user-message catalogue (libs/domain-rules): the English text
   * is the catalogue's, so editing a sentence never changes the code a client receives.
   */
  static of(statusCode: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 503 | 504, code: UserMessageCode, options: { params?: MessageParams; details?: FieldError[]; retryAfterSeconds?: number } = {}) {
    const params = stringParams(options.params);
    return new ServiceError(
      errorBody(statusCode, userMessage(code, options.params), {
        code,
        ...(params && { params }),
        ...(options.details && { details: options.details }),
        ...(options.retryAfterSeconds !== undefined && { retryAfterSeconds: options.retryAfterSeconds }),
      }),
    );
  }

  static badRequest(message: string, extra?: { code?: string; details?: FieldError[] }) {
    return new ServiceError(errorBody(400, message, extra));
  }
  static unauthorized(message: string, code?: string) {
    return new ServiceError(errorBody(401, message, { code }));
  }
  static forbidden(message: string, code?: string) {
    return new ServiceError(errorBody(403, message, { code }));
  }
  static notFound(message: string, code?: string) {
    return new ServiceError(errorBody(404, message, { code }));
  }
  static conflict(message: string, code?: string) {
    return new ServiceError(errorBody(409, message, { code }));
  }
  static tooManyRequests(message: string, retryAfterSeconds: number, code?: string) {
    return new ServiceError(errorBody(429, message, { code, retryAfterSeconds }));
  }
  static unavailable(message: string) {
    return new ServiceError(errorBody(503, message));
  }
}

/** Raised on the calling side when a command could not be answered. */
export class ServiceCallError extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message);
    this.name = 'ServiceCallError';
  }
}
