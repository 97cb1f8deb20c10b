import { ValidationPipe } from '@nestjs/common';
import { validationErrorBody } from '@portal/contracts';
import { ApiError } from './api-error';

/**
 * Checks bodies and queries against the contract classes: unknown fields are dropped,
 * values are transformed (trimmed, lower-cased emails), and a failure answers 400 with
 * the first problem as the message and every field's problem in `details`.
 */
export function requestValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    exceptionFactory: (errors) => new ApiError(validationErrorBody(errors)),
  });
}
