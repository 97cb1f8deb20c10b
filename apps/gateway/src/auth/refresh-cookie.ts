import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { GatewayConfig, servedOverHttps } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';
import { ApiError } from '../http/api-error';

export const REFRESH_COOKIE = 'portal_refresh';
export const REFRESH_COOKIE_PATH = '/api/v1/auth';
export const REFRESH_COOKIE_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The browser's refresh token: httpOnly (scripts never see it), SameSite=Strict (never
 * sent by another site), and scoped to the auth endpoints, the only ones that read it.
 */
@Injectable()
export class RefreshCookie {
  private readonly options: CookieOptions;

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
  readFromOwnPage(req: Request): string | undefined {
    const token = this.read(req);
    if (!token) return undefined;
    const origin = req.headers.origin;
    if (!req.is('application/json') || (origin !== undefined && origin !== this.webOrigin)) {
      throw ApiError.of(403, 'This request must come from the portal itself.', { code: 'cross_site_request' });
    }
    return token;
  }

  read(req: Request): string | undefined {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
    return typeof value === 'string' && value ? value : undefined;
  }

  set(res: Response, refreshToken: string): void {
    res.cookie(REFRESH_COOKIE, refreshToken, { ...this.options, maxAge: REFRESH_COOKIE_MAX_AGE_MS });
  }

  clear(res: Response): void {
    res.clearCookie(REFRESH_COOKIE, this.options);
  }
}
