import { join } from 'node:path';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';

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
 */
export function serveWebApp(directory: string): RequestHandler[] {
  const index = join(directory, 'index.html');
  const files = express.static(directory, {
    index: false,
    redirect: false,
    setHeaders: (res, path) => {
      const immutable = path.startsWith(join(directory, 'assets'));
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const fallback = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path) || looksLikeFile(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index, (error) => error && next(error));
  };
  return [
    (req: Request, res: Response, next: NextFunction) => (isServerPath(req.path) ? next() : files(req, res, next)),
    fallback,
  ];
}
