import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_PART_BYTES, KYC_FILE_PURPOSE_PREFIX, MAX_FILE_BYTES } from '@portal/contracts';
import { ApiError } from '../http/api-error';
import { headerOf, RequestHook, routedPathOf } from '../http/request-context';

/** The file of an upload once it has all arrived: its bytes went on part by part as they came. */
export interface ReceivedFile {
  originalname: string;
  size: number;
  /** How many parts were handed on. */
  parts: number;
}

/**
 * Takes each part of the file as soon as it is full (FILE_PART_BYTES; the last one shorter),
 * with the fields sent before it; more of the file is read only once it resolves.
 */
export type PartSink = (bytes: Buffer, index: number, fields: Record<string, unknown>) => Promise<void>;

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
 * Hands the file on in parts as it arrives, refused the moment it passes the limit rather
 * than when the upload ends. At most one part (and the chunk that completes it) is held:
 * the stream is read on only when the sink has taken the part, so a slow kyc slows the
 * client rather than filling the gateway's memory. A body cut off before its closing
 * boundary fails the stream, and the iteration with it.
 */
async function streamFile(part: MultipartFile, fields: Record<string, unknown>, sink: PartSink): Promise<ReceivedFile> {
  let overLimit = false;
  part.file.once('limit', () => {
    overLimit = true;
  });
  let held: Buffer[] = [];
  let heldBytes = 0;
  let size = 0;
  let parts = 0;
  const handOn = async (bytes: Buffer) => {
    await sink(bytes, parts, fields).catch((error: unknown) => {
      throw new SinkRefusal(error);
    });
    parts += 1;
  };
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (overLimit) throw tooLarge(fields.purpose);
    held.push(chunk);
    heldBytes += chunk.length;
    size += chunk.length;
    while (heldBytes >= FILE_PART_BYTES) {
      const joined = Buffer.concat(held, heldBytes);
      held = [joined.subarray(FILE_PART_BYTES)];
      heldBytes -= FILE_PART_BYTES;
      await handOn(joined.subarray(0, FILE_PART_BYTES));
    }
  }
  if (overLimit || part.file.truncated) throw tooLarge(fields.purpose);
  if (heldBytes > 0) await handOn(Buffer.concat(held, heldBytes));
  return { originalname: part.filename, size, parts };
}

/** The sink's own refusal (kyc refusing a part, kyc away): answered as it is, not as an unreadable upload. */
class SinkRefusal {
  constructor(readonly error: unknown) {}
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
 * Streams one multipart file (field `file`) to `sink` in parts with @fastify/multipart,
 * refusing it as soon as it passes 10 MB, so an oversized upload is answered at once and
 * the whole file is never held. A request that is not multipart has no file. The fields
 * sent before the file (the purpose, as the web app sends it) travel with its parts, and
 * a refusal speaks in the purpose's words.
 */
export async function receiveUpload(request: FastifyRequest, reply: FastifyReply, sink: PartSink): Promise<{ file: ReceivedFile | undefined; fields: Record<string, unknown> }> {
  const fields: Record<string, unknown> = {};
  if (!request.isMultipart()) return { file: undefined, fields };
  let file: ReceivedFile | undefined;
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) throw oneFile();
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) throw oneFile();
      file = await streamFile(part, fields, sink);
    }
  } catch (error) {
    // The rest of the body is not wanted: the client is told to stop sending it.
    if (error instanceof SinkRefusal) {
      reply.header('Connection', 'close');
      throw error.error;
    }
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
 * without a length (chunked) is left to the streaming limit of receiveUpload.
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
