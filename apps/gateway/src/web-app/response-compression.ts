import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Replies up to this size are compressed in one call rather than through a zlib stream.
 * The plugin's default on a 2-core host is 8 KB, which sends an admin list page (8-20 KB)
 * through the stream machinery: measured in the bench's list workload, that was 29% of the
 * gateway's CPU per page, about 1.5 ms, where one Brotli call at the plugin's quality 4 on
 * 20 KB takes about 0.2 ms. Our services share few cores, so there is no spare core for a
 * streamed compression to overlap with; 64 KB holds the event loop well under a millisecond.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/** Text-like types (as the compressible check of the compression middleware); the mime database decides the rest. */
const TEXT_LIKE = /^text\/|\+(?:json|text|xml)$/;

/**
 * Brotli or gzip (Brotli preferred) for what the client accepts, on the fly: the JSON API
 * replies over 1 KB, and the web app's files that have no pre-compressed copy. Files
 * served from their .br/.gz copies already carry a Content-Encoding and are left alone.
 * Server-sent events, which must reach the browser event by event, are written straight
 * to the socket (see the realtime controller) and never pass through here.
 */
export async function registerResponseCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyCompress, {
    global: true,
    // Request bodies are inflated by the JSON parser (see body-parsing), as before.
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    encodings: ['br', 'gzip', 'deflate'],
    customTypes: (contentType: string) => {
      const type = contentType.split(';', 1)[0].trim().toLowerCase();
      return type !== 'text/event-stream' && TEXT_LIKE.test(type);
    },
  });
}
