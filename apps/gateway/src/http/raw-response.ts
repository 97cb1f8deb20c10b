import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Takes the Node response over from Fastify, for an answer written as it happens
 * (server-sent events, a file read part by part): the headers set on the reply so far
 * (CORS, a route's own) go with it, and Fastify neither sends nor compresses anything
 * more. The access log and metrics still see it finish.
 */
export function takeOverResponse(reply: FastifyReply): ServerResponse {
  const res = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value as string | number | string[]);
  }
  res.statusCode = reply.statusCode;
  reply.hijack();
  return res;
}

/**
 * A body to write as it is produced (exports): sent at once with the status and headers
 * set on the reply, compressed like any other answer, and written with back-pressure,
 * so memory stays flat. Destroying it breaks the download.
 */
export function streamedBody(reply: FastifyReply): PassThrough {
  const body = new PassThrough();
  void reply.send(body);
  return body;
}
