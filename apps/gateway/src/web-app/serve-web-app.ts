import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isUnder, RequestHook, routedPathOf } from '../http/request-context';

/** Paths that belong to the server: never answered with the web app's page. */
function isServerPath(path: string): boolean {
  return isUnder(path, '/api') || isUnder(path, '/health');
}

/** A request for a file (has an extension): a missing one is a real 404, not a page of the app. */
function looksLikeFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}

/**
 * The built single-page app from WEB_DIST_DIR, with @fastify/static: its files as they
 * are (the hashed bundles under /assets cached for a year), and index.html for any other
 * GET outside /api and /health (see `webAppFallback`), so client-side routes such as
 * /app/dashboard load on refresh. The build leaves Brotli (.br) and gzip (.gz) copies
 * beside each file; a client that accepts them gets one (Brotli first), with the
 * original's Content-Type. The files are found when the gateway starts, so it is started
 * after the build. Without `sourceMaps` the bundles' source maps (*.map) answer 404 like
 * any missing file.
 */
export async function registerWebApp(fastify: FastifyInstance, directory: string, { sourceMaps }: { sourceMaps: boolean }): Promise<void> {
  const root = resolve(directory);
  const assets = join(root, 'assets') + sep;
  await fastify.register(fastifyStatic, {
    root,
    // One route per file, found at start-up: an unknown path never touches the disk.
    wildcard: false,
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    globIgnore: sourceMaps ? [] : ['**/*.map', '**/*.map.br', '**/*.map.gz'],
    // `path` is the file sent, the .br or .gz copy included.
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/**
 * index.html, compressed like any other file, for a GET or HEAD that no route serves,
 * outside /api and /health and not for a file: the app's page for a client-side route.
 */
export function webAppFallback(): RequestHook {
  return (request, reply, done) => {
    if (!request.is404 || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
    const path = routedPathOf(request);
    if (isServerPath(path) || looksLikeFile(path)) return done();
    reply.sendFile('index.html');
  };
}
