import { ArgumentsHost, HttpException, NotFoundException } from '@nestjs/common';
import { ErrorBody, errorBody, FieldError } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceCallError } from '@portal/messaging';
import { ApiError } from './api-error';
import { HttpExceptionFilter, UNEXPECTED_ERROR } from './http-exception.filter';

/** The part of a Fastify reply the filter uses. */
function fakeResponse() {
  const response = {
    sent: false,
    raw: { headersSent: false, writableEnded: false, end: jest.fn() },
    headers: {} as Record<string, string>,
    statusCode: 0,
    body: undefined as unknown,
    header(name: string, value: string) {
      response.headers[name] = value;
      return response;
    },
    code(code: number) {
      response.statusCode = code;
      return response;
    },
    type(type: string) {
      response.headers['Content-Type'] = type;
      return response;
    },
    send(body: unknown) {
      response.body = body;
      return response;
    },
  };
  return response;
}

function answer(exception: unknown) {
  const logger = { error: jest.fn() };
  const response = fakeResponse();
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  new HttpExceptionFilter(logger as unknown as Logger).catch(exception, host);
  return { response, logger };
}

describe('HttpExceptionFilter', () => {
  it('answers an unexpected error with a bare 500 and logs the stack instead', () => {
    const { response, logger } = answer(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: UNEXPECTED_ERROR, code: 'unexpected_error' });
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ stack: expect.any(String) }) }), expect.any(String));
  });

  it('sends an ApiError as it is', () => {
    const { response } = answer(ApiError.withMessage(409, 'Already done', { code: 'conflict' }));
    expect(response.statusCode).toBe(409);
    expect(response.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'Already done', code: 'conflict' });
  });

  it("passes a message's code, its placeholder values and each field's code on, and nothing else in them", () => {
    const reply = {
      ...errorBody(503, 'The ledger service is unavailable. Please try again shortly.', {
        code: 'service_unavailable',
        details: [{ field: 'email', message: 'Please enter a valid email address', code: 'email_invalid', extra: 'x' } as FieldError],
      }),
      params: { name: 'ledger', nested: { sql: 'select *' } },
    } as unknown as ErrorBody;
    expect(answer(new ServiceCallError(reply)).response.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The ledger service is unavailable. Please try again shortly.',
      code: 'service_unavailable',
      params: { name: 'ledger' },
      details: [{ field: 'email', message: 'Please enter a valid email address', code: 'email_invalid' }],
    });
  });

  it('keeps only the envelope of a service reply, and turns retryAfterSeconds into Retry-After', () => {
    const reply = { ...errorBody(429, 'Slow down', { retryAfterSeconds: 12.2 }), stack: 'at x.js:1:1', sql: 'select *' };
    const { response } = answer(new ServiceCallError(reply));
    expect(response.headers['Retry-After']).toBe('13');
    expect(response.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'Slow down', retryAfterSeconds: 13 });
  });

  it('replaces framework texts with safe ones', () => {
    expect(answer(new NotFoundException('Cannot GET /secret/path')).response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'The requested resource was not found.', code: 'resource_not_found' });
    expect(answer(new HttpException('Failed to decode param', 400)).response.body).toMatchObject({ statusCode: 400, message: 'The request is not valid.' });
    expect(answer(Object.assign(new Error('request entity too large'), { status: 413 })).response.body).toMatchObject({ statusCode: 413, message: 'The request body is too large.' });
  });

  it("answers Fastify's own body refusals in the envelope", () => {
    expect(answer(Object.assign(new Error('Request body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })).response.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request body is too large.',
      code: 'body_too_large',
    });
    expect(answer(Object.assign(new Error('Body is not valid JSON'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 })).response.body).toMatchObject({ statusCode: 400, message: 'Malformed JSON body' });
  });

  it('only ends an answer whose headers are already out', () => {
    const response = fakeResponse();
    response.raw.headersSent = true;
    const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
    new HttpExceptionFilter({ error: jest.fn() } as unknown as Logger).catch(new Error('broken'), host);
    expect(response.raw.end).toHaveBeenCalled();
    expect(response.body).toBeUndefined();
  });

  it('asks for a bearer token on 401', () => {
    expect(answer(ApiError.of(401, 'unauthenticated')).response.headers['WWW-Authenticate']).toBe('Bearer');
  });
});
