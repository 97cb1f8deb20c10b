import { Inject, Injectable } from '@nestjs/common';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayConfig, servedOverHttps } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';
import { ApiError } from '../http/api-error';

export const REFRESH_COOKIE = 'portal_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';
export const REFRESH_COOKIE_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Whether the request carries a body of type application/json (with any charset). */
function isJsonBody(req: FastifyRequest): boolean {
  const hasBody = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && !Number.isNaN(Number(req.headers['content-length'])));
  const type = (req.headers['content-type'] ?? '').split(';', 1)[0].trim().toLowerCase();
  return hasBody && type === 'application/json';
}

/**
 * The browser's refresh token: httpOnly (scripts never see it), SameSite=Strict (never
 * sent by another site), and scoped to the auth endpoints, the only ones that read it.
 */
@Injectable()
export class RefreshCookie {
  private readonly options: CookieSerializeOptions;

  private readonly webOrigin: string;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.options = { httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, secure: servedOverHttps(config.environment) };
    this.webOrigin = new URL(config.environment.WEB_URL).origin;
  }

  /**
   * The cookie, when the request may act on it. A browser attaches the cookie whatever
   * page sends the request, and SameSite does not stop same-site pages (another port,
   * a sibling subdomain): so a request that relies on the cookie must be JSON (which
   * another origin cannot send without CORS allowing it) and, when the browser names
   * its origin, come from the web app's.
   */
  readFromOwnPage(req: FastifyRequest): string | undefined {
    const token = this.read(req);
    if (!token) return undefined;
    const origin = req.headers.origin;
    if (!isJsonBody(req) || (origin !== undefined && origin !== this.webOrigin)) {
      throw ApiError.of(403, 'cross_site_request');
    }
    return token;
  }

  /** Only the auth endpoints read a cookie, so it is parsed here rather than for every request. */
  read(req: FastifyRequest): string | undefined {
    const header = req.headers.cookie;
    if (!header) return undefined;
    const value = req.server.parseCookie(header)[REFRESH_COOKIE];
    return typeof value === 'string' && value ? value : undefined;
  }

  set(reply: FastifyReply, refreshToken: string): void {
    // Max-Age and Expires both, as before.
    reply.setCookie(REFRESH_COOKIE, refreshToken, { ...this.options, maxAge: REFRESH_COOKIE_MAX_AGE_MS / 1000, expires: new Date(Date.now() + REFRESH_COOKIE_MAX_AGE_MS) });
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(REFRESH_COOKIE, this.options);
  }
}
