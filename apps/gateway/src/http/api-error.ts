import { HttpException } from '@nestjs/common';
import { ErrorBody, errorBody, FieldError, userMessage, UserMessageCode } from '@portal/contracts';

/** Values of a message's `{{placeholders}}`. */
type MessageParams = Record<string, string | number>;

function stringParams(params: MessageParams | undefined): Record<string, string> | undefined {
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
 * the English text is the catalogue's, so editing a sentence never changes the code a client receives.
 */
export function codedErrorBody(statusCode: number, code: UserMessageCode, options: CodedRefusalOptions = {}): ErrorBody {
  const params = stringParams(options.params);
  return errorBody(statusCode, userMessage(code, options.params), {
    code,
    ...(params && { params }),
    ...(options.details && { details: options.details }),
    ...(options.retryAfterSeconds !== undefined && { retryAfterSeconds: options.retryAfterSeconds }),
  });
}

/** An HTTP error that already carries the envelope of API.md; the filter sends it as it is. */
export class ApiError extends HttpException {
  constructor(readonly body: ErrorBody) {
    super(body, body.statusCode);
  }

  /** A refusal by its catalogue code (mirrors ServiceError.of). */
  static of(statusCode: number, code: UserMessageCode, options: CodedRefusalOptions = {}): ApiError {
    return new ApiError(codedErrorBody(statusCode, code, options));
  }

  /**
   * A refusal whose text stays outside the catalogue: one written for developers (it names
   * an API parameter) or one sent with a generic code that several texts share.
   */
  static withMessage(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ApiError {
    return new ApiError(errorBody(statusCode, message, extra));
  }
}
