import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorBodySchema } from '../http/error-body.schema';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: `message` is the first problem, `details` lists every field',
  401: 'Not signed in, or the access token is invalid, expired or of an ended session',
  403: 'Signed in but not allowed',
  404: 'Not found',
  409: 'The current state does not allow it, or a duplicate',
  413: 'The request body is too large',
  422: 'Idempotency key reused with a different body',
  429: 'Rate limited: wait for Retry-After seconds',
  500: 'Unexpected error',
  503: 'A service is unavailable',
  504: 'A service took too long to answer',
};

/** Declares error answers (all in the ErrorBody envelope) so the generated client types them. */
export function ApiErrorResponses(...statuses: number[]) {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Error', type: ErrorBodySchema })));
}

/** Errors any API endpoint can answer: rate limits, unexpected errors, a service down or slow. */
export const ApiCommonErrors = () => ApiErrorResponses(429, 500, 503, 504);
