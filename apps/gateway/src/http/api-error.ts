import { HttpException } from '@nestjs/common';
import { codedErrorBody, CodedRefusalOptions, ErrorBody, errorBody, UserMessageCode } from '@portal/contracts';

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
   * A refusal whose text stays outside the catalogue: an envelope built elsewhere. Anything
   * a client reads, a developer's refusal naming an API parameter included, goes by `of` (issue 31).
   */
  static withMessage(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ApiError {
    return new ApiError(errorBody(statusCode, message, extra));
  }
}
