import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { findUnsafeInput, unsafeInputErrorBody } from '@portal/contracts';
import { ApiError } from './api-error';
import { parseJsonExactly } from './exact-json';
import { headerOf, RequestHook } from './request-context';

const BODY_TOO_LARGE = () => ApiError.of(413, 'body_too_large');
const UNSUPPORTED_ENCODING = () => ApiError.of(415, 'unsupported_encoding');
const MALFORMED_BODY = () => ApiError.of(400, 'malformed_json');
const INCOMPLETE_BODY = () => ApiError.of(400, 'incomplete_body');

/** BODY_LIMIT (100kb, 1mb, 512b; units of 1024) in bytes. */
export function bodyLimitBytes(limit: string): number {
  const match = /^(\d+(?:\.\d+)?)(b|kb|mb)$/i.exec(limit.trim());
  if (!match) throw new Error(`not a body size: ${limit}`);
  const unit = { b: 1, kb: 1024, mb: 1024 * 1024 }[match[2].toLowerCase() as 'b' | 'kb' | 'mb'];
  return Math.floor(Number(match[1]) * unit);
}

/** The JSON media types the API reads: application/json and application/*+json. */
const JSON_TYPES = /^application\/(?:[^\s/;]+\+)?json\s*(?:;|$)/i;

/** What Fastify takes for a media type (`type/subtype`, token characters, then parameters). */
const MEDIA_TYPE = /^\s*[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+\s*(?:;|$)/;

/** The body as sent, inflated when it came gzip-, deflate- or Brotli-encoded, never larger than `limit`. */
function decode(body: Buffer, encoding: string, limit: number): Buffer {
  const options = { maxOutputLength: limit };
  try {
    switch (encoding) {
      case 'identity':
        return body;
      case 'gzip':
        return gunzipSync(body, options);
      case 'deflate':
        return inflateSync(body, options);
      case 'br':
        return brotliDecompressSync(body, options);
      default:
        throw UNSUPPORTED_ENCODING();
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw BODY_TOO_LARGE();
    throw MALFORMED_BODY();
  }
}

/**
 * The API's body parsers, replacing Fastify's own: JSON bodies (the API speaks JSON) up to
 * BODY_LIMIT, UTF-8 only, parsed as JSON.parse would but with every number's source text
 * kept (parseJsonExactly); an empty body is `{}`.
 * Anything else (multipart aside, which the upload route reads itself) is left unread, so
 * the route sees no body and validation answers.
 */
export function registerBodyParsers(fastify: FastifyInstance, limitText: string): void {
  const limit = bodyLimitBytes(limitText);
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(JSON_TYPES, { parseAs: 'buffer', bodyLimit: limit }, (request, raw, done) => {
    try {
      const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(headerOf(request, 'content-type') ?? '')?.[1];
      if (charset !== undefined && !charset.toLowerCase().startsWith('utf-')) throw UNSUPPORTED_ENCODING();
      const body = decode(raw as unknown as Buffer, (headerOf(request, 'content-encoding') ?? 'identity').trim().toLowerCase(), limit);
      const text = body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      let parsed: unknown;
      try {
        // Numbers keep the text they were sent as, for the money fields (exact-json.ts).
        parsed = parseJsonExactly(text);
      } catch {
        throw MALFORMED_BODY();
      }
      // Strict: an object or an array, as the Express parser required.
      if (parsed === null || typeof parsed !== 'object') throw MALFORMED_BODY();
      done(null, parsed);
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  // A Content-Type that is no media type at all is ignored too (Fastify would answer 415),
  // so the route sees no body and validation answers, as for any other type.
  fastify.addHook('onRequest', (request, _reply, done) => {
    const type = request.headers['content-type'];
    if (type !== undefined && !MEDIA_TYPE.test(type)) delete request.headers['content-type'];
    done();
  });
}

/** Fastify's own refusals of a body, in the envelope (undefined for any other error). */
export function bodyParsingError(error: unknown): ApiError | undefined {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return BODY_TOO_LARGE();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return INCOMPLETE_BODY();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MALFORMED_BODY();
    default:
      return undefined;
  }
}

/**
 * Refuses, before any validator runs, a body or query nested deeper than any contract
 * needs or holding text PostgreSQL cannot store (see findUnsafeInput): 400 naming the field.
 */
export function refuseUnsafeInput(): RequestHook {
  return (request, _reply, done) => {
    const problem = findUnsafeInput(request.body) ?? findUnsafeInput(request.query);
    done(problem ? new ApiError(unsafeInputErrorBody(problem)) : undefined);
  };
}
