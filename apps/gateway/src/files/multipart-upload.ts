import { finished } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KYC_FILE_PURPOSE_PREFIX, MAX_FILE_BYTES } from '@portal/contracts';
import { ApiError } from '../http/api-error';
import { headerOf, RequestHook, routedPathOf } from '../http/request-context';

export interface UploadedFile {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/**
 * At most one file of 10 MB in the field `file`, and a few short fields beside it: a few
 * parts in all, each with a few short headers.
 */
export const UPLOAD_LIMITS = { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 20 };

/**
 * The most an upload's body can be and still be accepted: the file at its limit, plus the
 * multipart envelope (boundaries, each part's headers with the file's name) and the few
 * short fields beside it. A larger declared Content-Length cannot hold an acceptable file.
 */
export const UPLOAD_ENVELOPE_ALLOWANCE = 64 * 1024;
export const MAX_UPLOAD_BODY_BYTES = UPLOAD_LIMITS.fileSize + UPLOAD_ENVELOPE_ALLOWANCE;

/** The upload route (POST /api/v1/files), as routing matches it: case and a trailing slash ignored. */
const UPLOAD_PATH = '/api/v1/files';

/** Over 10 MB: a KYC document in the drop-zone's words, anything else in spec 01 §5's. */
function tooLarge(purpose: unknown): ApiError {
  if (typeof purpose === 'string' && purpose.startsWith(KYC_FILE_PURPOSE_PREFIX)) return ApiError.of(413, 'kyc_file_too_large');
  return ApiError.of(413, 'file_too_large');
}
const oneFile = () => ApiError.of(400, 'invalid_upload');
const unreadable = () => ApiError.of(400, 'upload_unreadable');

/**
 * The file's bytes, refused the moment it passes the limit rather than when the upload ends.
 * The body may have been read whole before the part is handed over: a body cut off before
 * its closing boundary has then already failed the part (destroyed, its error emitted to no
 * one), which `finished` reports where listening for 'end' or 'error' would wait forever.
 */
function readFile(part: MultipartFile, purpose: unknown): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    part.file.on('data', (chunk: Buffer) => chunks.push(chunk));
    part.file.once('limit', () => reject(tooLarge(purpose)));
    finished(part.file, (error) => {
      if (error) reject(error);
      else if (part.file.truncated) reject(tooLarge(purpose));
      else resolve(Buffer.concat(chunks));
    });
  });
}

/** The envelope for a refusal of @fastify/multipart (its limits, a malformed body). */
function uploadError(error: unknown, purpose: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(purpose);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return oneFile();
  return unreadable();
}

/**
 * Reads one multipart file (field `file`) into memory with @fastify/multipart, refusing it
 * as soon as it passes 10 MB, so an oversized upload is answered at once and never
 * buffered whole. A request that is not multipart has no file. The refusal speaks in the
 * words of the purpose sent before the file (as the web app sends it).
 */
export async function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<{ file: UploadedFile | undefined; fields: Record<string, unknown> }> {
  const fields: Record<string, unknown> = {};
  if (!request.isMultipart()) return { file: undefined, fields };
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) throw oneFile();
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) throw oneFile();
      const buffer = await readFile(part, fields.purpose);
      file = { originalname: part.filename, buffer, size: buffer.length };
    }
  } catch (error) {
    const refusal = uploadError(error, fields.purpose);
    // Tell the client to stop sending the rest.
    if (refusal.getStatus() === 413) reply.header('Connection', 'close');
    throw refusal;
  }
  return { file, fields };
}

/**
 * An onRequest hook: an upload whose Content-Length already says it is larger than any
 * acceptable one (MAX_UPLOAD_BODY_BYTES) is answered 413 at once, before a byte of its body
 * is read, with the route's own answer for a file over the limit. The body's fields (the
 * purpose) are not read, so it speaks in the general words. The connection is closed after
 * the answer (Node discards what arrives meanwhile), so the client stops sending. An upload
 * without a length (chunked) is left to the streaming limit of readUpload.
 */
export function refuseDeclaredOversizedUploads(): RequestHook {
  return (request, reply, done) => {
    if (request.method !== 'POST') return done();
    const declared = headerOf(request, 'content-length');
    if (declared === undefined || Number(declared) <= MAX_UPLOAD_BODY_BYTES) return done();
    if (routedPathOf(request).toLowerCase().replace(/\/+$/, '') !== UPLOAD_PATH) return done();
    reply.header('Connection', 'close');
    done(tooLarge(undefined));
  };
}
