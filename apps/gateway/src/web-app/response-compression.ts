import compression from 'compression';
import { Request, RequestHandler, Response } from 'express';

/** Replies smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Server-sent events must reach the browser event by event; a compressor would hold them back. */
function isEventStream(res: Response): boolean {
  return String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
}

/**
 * Brotli or gzip (Brotli preferred) for what the client accepts, on the fly: the JSON API
 * replies over 1 KB, and the web app's files that have no pre-compressed copy. Files
 * served from their .br/.gz copies already carry a Content-Encoding and are left alone.
 */
export function responseCompression(): RequestHandler {
  return compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (req: Request, res: Response) => !isEventStream(res) && compression.filter(req, res),
  });
}
