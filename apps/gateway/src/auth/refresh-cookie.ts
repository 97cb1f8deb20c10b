import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { GatewayConfig, servedOverHttps } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';

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

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.options = { httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, secure: servedOverHttps(config.environment) };
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
