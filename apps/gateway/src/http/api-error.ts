import { HttpException } from '@nestjs/common';
import { ErrorBody, errorBody } from '@portal/contracts';

/** An HTTP error that already carries the envelope of API.md; the filter sends it as it is. */
export class ApiError extends HttpException {
  constructor(readonly body: ErrorBody) {
    super(body, body.statusCode);
  }

  static of(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ApiError {
    return new ApiError(errorBody(statusCode, message, extra));
  }
}
