import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { codedErrorBody, ErrorBody, FieldError, UserMessageCode } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { ServiceCallError } from '@portal/messaging';
import { ApiError } from './api-error';
import { bodyParsingError } from './body-parsing';

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/** Safe messages (by catalogue code) for errors raised by the framework, whose own messages may name internals. */
const GENERIC_MESSAGES: Record<number, UserMessageCode> = {
  400: 'request_invalid',
  401: 'unauthenticated',
  403: 'access_denied',
  404: 'resource_not_found',
  405: 'method_not_allowed',
  406: 'format_not_available',
  413: 'body_too_large',
  415: 'unsupported_content_type',
  429: 'rate_limited',
};

function isErrorBody(value: unknown): value is ErrorBody {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<ErrorBody>;
  return Number.isInteger(candidate.statusCode) && typeof candidate.message === 'string' && typeof candidate.error === 'string';
}

/** The placeholder values of a message, when they are a flat map of texts (nothing else passes). */
function textParams(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Copies only the envelope's fields, so nothing else a service put in its reply reaches a client. */
function envelope(body: ErrorBody): ErrorBody {
  const result: ErrorBody = { statusCode: body.statusCode, error: body.error, message: body.message };
  if (typeof body.code === 'string') result.code = body.code;
  const params = textParams(body.params);
  if (params) result.params = params;
  if (Array.isArray(body.details)) {
    result.details = body.details
      .filter((detail): detail is FieldError => typeof detail?.field === 'string' && typeof detail?.message === 'string')
      .map(({ field, message, code, params }) => {
        const detail: FieldError = { field, message };
        if (typeof code === 'string') detail.code = code;
        const values = textParams(params);
        if (values) detail.params = values;
        return detail;
      });
  }
  if (typeof body.retryAfterSeconds === 'number' && body.retryAfterSeconds > 0) result.retryAfterSeconds = Math.ceil(body.retryAfterSeconds);
  return result;
}

function statusOf(error: unknown): number | null {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : null;
}

/**
 * Every error the gateway answers, in API.md's envelope `{statusCode, error, message,
 * code?, details?}`: ApiErrors and service refusals pass through, framework errors get
 * safe messages, and anything unexpected becomes a logged 500 without internals. Never
 * a stack trace.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = this.toBody(exception);
    if (reply.sent || reply.raw.headersSent) {
      // A streamed answer already started; all that can be done is to end it.
      if (!reply.raw.writableEnded) reply.raw.end();
      return;
    }
    if (body.retryAfterSeconds) reply.header('Retry-After', String(body.retryAfterSeconds));
    if (body.statusCode === 401) reply.header('WWW-Authenticate', 'Bearer');
    reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
  }

  toBody(exception: unknown): ErrorBody {
    if (exception instanceof ServiceCallError) return this.serviceBody(exception.body);
    if (exception instanceof ApiError) return envelope(exception.body);
    const refusedBody = bodyParsingError(exception);
    if (refusedBody) return envelope(refusedBody.body);
    if (exception instanceof HttpException) {
      // The framework's own (route not found, undecodable path, ...) carry texts such as
      // "Cannot GET /x"; a message meant for people is thrown as an ApiError.
      if (exception.getStatus() >= 500) this.logUnexpected(exception);
      return this.genericBody(exception.getStatus());
    }
    const status = statusOf(exception);
    if (status !== null && status < 500) return this.genericBody(status);
    this.logUnexpected(exception);
    return codedErrorBody(500, 'unexpected_error');
  }

  private logUnexpected(exception: unknown): void {
    // The stack goes to the log only, where the request id ties it to the answer.
    this.logger.error(
      { err: exception instanceof Error ? { name: exception.name, message: exception.message, stack: exception.stack } : String(exception) },
      'unhandled error while answering a request',
    );
  }

  private serviceBody(body: ErrorBody): ErrorBody {
    if (isErrorBody(body) && body.statusCode >= 400 && body.statusCode <= 599) return envelope(body);
    this.logger.error({ reply: body }, 'a service answered with an error that is not an error envelope');
    return codedErrorBody(500, 'unexpected_error');
  }

  private genericBody(status: number): ErrorBody {
    return codedErrorBody(status, GENERIC_MESSAGES[status] ?? (status >= 500 ? 'unexpected_error' : 'request_not_completed'));
  }
}
