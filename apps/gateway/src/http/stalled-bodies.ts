import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@portal/contracts';
import { ApiError } from './api-error';
import { headerOf, RequestHook } from './request-context';

/** The answer to a body that stopped arriving. */
export const stalledBody = () => ApiError.of(408, 'request_timeout');

/** Whether the headers say a body follows: a length above zero, or a chunked one. */
function announcesBody(request: FastifyRequest): boolean {
  const length = headerOf(request, 'content-length');
  if (length !== undefined && Number(length) > 0) return true;
  return headerOf(request, 'transfer-encoding') !== undefined;
}

/** Once the answer is out there is nothing to say: the connection is all that is left to end. */
function answer(reply: FastifyReply, body: ErrorBody): void {
  const socket = reply.raw.socket;
  if (reply.sent || reply.raw.headersSent) {
    socket?.destroy();
    return;
  }
  // Closed after the answer: the rest of the body is not waited for (Node ends the socket).
  reply.code(408).header('Connection', 'close').type('application/json; charset=utf-8').send(body);
}

/**
 * An onRequest hook: a request whose body stops arriving (no byte for `timeoutMs`) is
 * answered 408 in the envelope and its connection closed, whatever is waiting for the body
 * (the JSON parser, a multipart upload) and wherever the request is in the pipeline. Node's
 * own request time-out bounds the whole request; this one bounds a stall, so a large upload
 * on a slow but steady line still gets through while a client that sends part of a body and
 * stops is told at once. The socket's idle timer is what Node refreshes on every byte read.
 */
export function answerStalledBodies(timeoutMs: number, toBody: (error: ApiError) => ErrorBody): RequestHook {
  return (request, reply, done) => {
    if (!announcesBody(request)) return done();
    // Node raises 'timeout' on the request only while its body is incomplete.
    request.raw.setTimeout(timeoutMs, () => answer(reply, toBody(stalledBody())));
    // With the body in, an idle socket is a handler at work (a slow service, an export being
    // built): without a listener Node would destroy it when the same timer runs out.
    reply.raw.on('timeout', () => undefined);
    done();
  };
}
