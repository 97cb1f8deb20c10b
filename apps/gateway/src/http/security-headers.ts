import type { FastifyCorsOptions } from '@fastify/cors';
import helmet from 'helmet';
import { GatewayEnvironment, servedOverHttps } from '../config/gateway-environment';
import { isUnder, REQUEST_ID_HEADER, RequestHook, routedPathOf } from './request-context';

/**
 * Helmet with a Content Security Policy for the single-page app served from this same
 * origin: only our own scripts; inline styles allowed because antd injects them at run
 * time; API calls and the realtime socket to this origin only; never framed.
 */
export function securityHeaders(environment: GatewayEnvironment): ReturnType<typeof helmet> {
  const https = servedOverHttps(environment);
  const origin = new URL(environment.WEB_URL);
  const socketOrigin = `${https ? 'wss' : 'ws'}://${origin.host}`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketOrigin],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Only over https: on plain-http development it would rewrite our own requests.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/** The security headers as the pipeline's hook: helmet sets them on the Node response. */
export function securityHeadersHook(environment: GatewayEnvironment): RequestHook {
  const headers = securityHeaders(environment);
  return (request, reply, done) => headers(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
}

/** Browsers may call the API cross-origin only from the web app's own address, with cookies. */
export function corsOptions(environment: GatewayEnvironment): FastifyCorsOptions {
  return {
    // A list, so that other origins get no Access-Control-Allow-Origin at all.
    origin: [new URL(environment.WEB_URL).origin],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', REQUEST_ID_HEADER, 'traceparent'],
    exposedHeaders: [REQUEST_ID_HEADER, 'Retry-After'],
    maxAge: 600,
    // Like the cors middleware before: a preflight without Origin or a method is still answered 204.
    strictPreflight: false,
  };
}

/**
 * API answers carry tokens or personal data: no browser, proxy or CDN may keep a copy
 * (a shared computer's back button, a misconfigured cache). A route may still set its own.
 */
export function noStoreApiResponses(): RequestHook {
  return (request, reply, done) => {
    // On the Node response: a route's own Cache-Control (set on the reply) still wins.
    if (isUnder(routedPathOf(request), '/api')) reply.raw.setHeader('Cache-Control', 'no-store');
    done();
  };
}
