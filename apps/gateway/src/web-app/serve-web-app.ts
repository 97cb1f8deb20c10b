import { join, resolve, sep } from 'node:path';
import { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Paths that belong to the server: never answered with the web app's page. */
function isServerPath(path: string): boolean {
  const lower = path.toLowerCase();
  return ['/api', '/health'].some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/** A request for a file (has an extension): a missing one is a real 404, not a page of the app. */
function looksLikeFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}

/**
 * The built single-page app from WEB_DIST_DIR: its files as they are (the hashed
 * bundles under /assets cached for a year), and index.html for any other GET outside
 * /api and /health, so client-side routes such as /app/dashboard load on refresh.
 * The build leaves Brotli (.br) and gzip (.gz) copies beside each file; a client that
 * accepts them gets one (Brotli first), with the original's Content-Type. Those copies
 * are found when the gateway starts, so it is started after the build. Without
 * `sourceMaps` the bundles' source maps (*.map) answer 404 like any missing file.
 */
export function serveWebApp(directory: string, { sourceMaps }: { sourceMaps: boolean }): RequestHandler[] {
  const root = resolve(directory);
  const assets = join(root, 'assets') + sep;
  const files: RequestHandler = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      // `path` is the file sent, the .br or .gz copy included.
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    },
  });
  const fallback = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path) || looksLikeFile(req.path)) return next();
    // The app's page for a client-side route: index.html, compressed like any other file.
    const url = req.url;
    req.url = '/index.html';
    files(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  };
  const hidden = (path: string) => !sourceMaps && path.toLowerCase().endsWith('.map');
  return [(req: Request, res: Response, next: NextFunction) => (isServerPath(req.path) || hidden(req.path) ? next() : files(req, res, next)), fallback];
}
