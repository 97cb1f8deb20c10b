import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { context } from '@opentelemetry/api';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RequestMeta } from '@portal/contracts';
import { Logger, newRequestId, runWithRequestContext } from '@portal/logging';
import { runInIncomingTrace } from '@portal/tracing';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by assignRequestId: the incoming x-request-id when sane, else a new one. */
      requestId: string;
    }
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';
/** What an upstream proxy may hand us: short, printable, nothing that could forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * First in the pipeline: gives the request its id, echoes it, and writes one JSON
 * access-log line when the answer is finished (or the client went away).
 */
export function assignRequestId(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get(REQUEST_ID_HEADER);
    req.requestId = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : newRequestId();
    res.setHeader(REQUEST_ID_HEADER, req.requestId);
    const startedAt = process.hrtime.bigint();
    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      const entry = {
        requestId: req.requestId,
        method: req.method,
        // Without the query string: links such as /auth/email-confirmed?token=... carry secrets.
        path: req.originalUrl.split('?')[0],
        status: res.headersSent ? res.statusCode : 499,
        durationMs: Math.round(Number(process.hrtime.bigint() - startedAt) / 1e5) / 10,
        userId: req.user?.userId ?? null,
      };
      if (entry.status >= 500) logger.warn(entry, 'request');
      else logger.info(entry, 'request');
    };
    runInIncomingTrace(req.headers, () => {
      // The access-log line carries the request's trace id: written in the request's trace context.
      const traced = context.bind(context.active(), log);
      res.on('finish', traced);
      res.on('close', traced);
      next();
    });
  };
}

/**
 * Runs the rest of the request inside its context, so ServiceClient sends the id over
 * NATS and every log line carries it. It comes after body parsing: stream callbacks of
 * the parser would otherwise run outside the context.
 */
export function runInRequestContext(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => runWithRequestContext({ requestId: req.requestId }, () => next());
}

/** What a service needs to know about the caller, for `ServiceClient.send(subject, payload, meta)`. */
export function requestMeta(req: Request): RequestMeta {
  return {
    requestId: req.requestId,
    actor: req.user ?? null,
    clientIp: req.ip,
    userAgent: req.get('user-agent')?.slice(0, 500),
  };
}

/** The caller's RequestMeta: request id, verified actor (or null), client address and user agent. */
export const RequestMetadata = createParamDecorator((_: unknown, context: ExecutionContext): RequestMeta => requestMeta(context.switchToHttp().getRequest<Request>()));
