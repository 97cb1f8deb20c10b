import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { Context, context } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { RequestMeta } from '@portal/contracts';
import { fixedLineLoggerOf, Logger, newRequestId, runInScope, traceIdIn } from '@portal/logging';
import { runInIncomingTrace } from '@portal/tracing';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by assignRequestId: the incoming x-request-id when sane, else a new one. */
    requestId: string;
    /** The trace context of the request, entered again once the body is read. */
    traceContext?: Context;
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';
/** What an upstream proxy may hand us: short, printable, nothing that could forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export type RequestHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** The path of a request, without its query string (as it came: not decoded; for logs). Decisions use routedPathOf. */
export function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The path as the router matches it, for every decision made by path (rate limits, the
 * admin area, caching, the web app's fallback): percent-encoding decoded, as the router
 * decodes it, so `/%61pi/v1/auth/%6Cogin` is the sign-in route here too; cut at a `#` as
 * at a `?`. decodeURI keeps the reserved characters (`%2F`...) encoded, as the router
 * does. A path that cannot be decoded reaches no route (400), so it is kept as it came.
 */
export function routedPathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return path;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Whether `path` is `prefix` or below it, ignoring case (as routing does). */
export function isUnder(path: string, prefix: string): boolean {
  const lower = path.toLowerCase();
  return lower === prefix || lower.startsWith(`${prefix}/`);
}

/** A header's single value. */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * First in the pipeline: gives the request its id, echoes it, and writes one JSON
 * access-log line when the answer is finished (or the client went away). The header is
 * set on the Node response, so answers written straight to it (streams) carry it too.
 */
export function assignRequestId(logger: Logger): RequestHook {
  const accessLog = fixedLineLoggerOf(logger);
  return (request, reply, done) => {
    const incoming = headerOf(request, REQUEST_ID_HEADER);
    request.requestId = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : newRequestId();
    const res = reply.raw;
    res.setHeader(REQUEST_ID_HEADER, request.requestId);
    const startedAt = process.hrtime.bigint();
    let logged = false;
    let traceId: string | undefined;
    const log = () => {
      if (logged) return;
      logged = true;
      const entry = {
        requestId: request.requestId,
        ...(traceId ? { traceId } : {}),
        method: request.method,
        // Without the query string: links such as /auth/email-confirmed?token=... carry secrets.
        path: pathOf(request),
        status: res.headersSent ? res.statusCode : 499,
        durationMs: Math.round(Number(process.hrtime.bigint() - startedAt) / 1e5) / 10,
        userId: request.user?.userId ?? null,
      };
      if (entry.status >= 500) accessLog.warn(entry, 'request');
      else accessLog.info(entry, 'request');
    };
    runInIncomingTrace(request.headers, () => {
      // The access-log line carries the request's trace id.
      const active = context.active();
      request.traceContext = active;
      traceId = traceIdIn(active);
      res.on('finish', log);
      res.on('close', log);
      done();
    });
  };
}

/**
 * Runs the rest of the request (guards, handler) inside its trace and request context, so
 * ServiceClient sends the id over NATS and every log line carries it. A preHandler hook:
 * the body's stream callbacks run outside any context, so it is entered after parsing.
 */
export function runInRequestContext(): RequestHook {
  return (request, _reply, done) => {
    runInScope({ request: { requestId: request.requestId }, trace: request.traceContext }, () => done());
  };
}

/** What a service needs to know about the caller, for `ServiceClient.send(subject, payload, meta)`. */
export function requestMeta(req: FastifyRequest): RequestMeta {
  return {
    requestId: req.requestId,
    actor: req.user ?? null,
    clientIp: req.ip,
    userAgent: headerOf(req, 'user-agent')?.slice(0, 500),
  };
}

/** The caller's RequestMeta: request id, verified actor (or null), client address and user agent. */
export const RequestMetadata = createParamDecorator((_: unknown, context: ExecutionContext): RequestMeta => requestMeta(context.switchToHttp().getRequest<FastifyRequest>()));
