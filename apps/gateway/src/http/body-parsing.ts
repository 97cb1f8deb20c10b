import express, { ErrorRequestHandler, RequestHandler } from 'express';
import { findUnsafeInput, unsafeInputErrorBody } from '@portal/contracts';
import { ApiError } from './api-error';

export const MALFORMED_JSON = 'Malformed JSON body';

/** JSON bodies only (the API speaks JSON), up to BODY_LIMIT. */
export function jsonBodyParser(limit: string): RequestHandler {
  return express.json({ limit, strict: true, type: ['application/json', 'application/*+json'] });
}

/** Turns the body parser's failures into the envelope; other errors continue to the filter. */
export function bodyParserErrors(): ErrorRequestHandler {
  return (error: { type?: string }, _req, _res, next) => {
    switch (error?.type) {
      case 'entity.parse.failed':
        return next(ApiError.of(400, MALFORMED_JSON, { code: 'malformed_json' }));
      case 'entity.too.large':
        return next(ApiError.of(413, 'The request body is too large.', { code: 'body_too_large' }));
      case 'encoding.unsupported':
      case 'charset.unsupported':
        return next(ApiError.of(415, 'Unsupported content encoding. Send UTF-8 JSON.', { code: 'unsupported_encoding' }));
      case 'request.aborted':
      case 'request.size.invalid':
        return next(ApiError.of(400, 'The request body was incomplete.', { code: 'incomplete_body' }));
      default:
        return next(error);
    }
  };
}

/**
 * Refuses, before any validator runs, a body or query nested deeper than any contract
 * needs or holding text PostgreSQL cannot store (see findUnsafeInput): 400 naming the field.
 */
export function refuseUnsafeInput(): RequestHandler {
  return (req, _res, next) => {
    const problem = findUnsafeInput(req.body) ?? findUnsafeInput(req.query);
    next(problem ? new ApiError(unsafeInputErrorBody(problem)) : undefined);
  };
}
