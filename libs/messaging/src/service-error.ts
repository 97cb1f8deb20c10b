import { RpcException } from '@nestjs/microservices';
import { codedErrorBody, CodedRefusalOptions, ErrorBody, errorBody, UserMessageCode } from '@portal/contracts';

// Services import it with ServiceError.
export { fieldRefusal } from '@portal/contracts';

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
  static of(statusCode: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 500 | 503 | 504, code: UserMessageCode, options: CodedRefusalOptions = {}) {
    return new ServiceError(codedErrorBody(statusCode, code, options));
  }

  // An operator's refusal in words of its own (dead letters); a customer's or an API caller's goes by `of` (issue 31).
  static notFound(message: string, code?: string) {
    return new ServiceError(errorBody(404, message, { code }));
  }
  static conflict(message: string, code?: string) {
    return new ServiceError(errorBody(409, message, { code }));
  }
}

/** Raised on the calling side when a command could not be answered. */
export class ServiceCallError extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message);
    this.name = 'ServiceCallError';
  }
}
