import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Actor } from '@portal/contracts';
import { ApiError } from '../http/api-error';
import { ACCESS_TOKEN_STRATEGY, AccessTokenStrategy } from './access-token.strategy';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/** Why passport-jwt refused a token, in words a client can act on (every case means: sign in again). */
function refusal(info: unknown): ApiError {
  const name = (info as Error | undefined)?.name;
  const message = (info as Error | undefined)?.message;
  if (name === 'TokenExpiredError') return ApiError.of(401, 'Your session has expired. Please sign in again.', { code: 'token_expired' });
  if (message === 'No auth token') return ApiError.of(401, SIGN_IN_REQUIRED, { code: 'unauthenticated' });
  return ApiError.of(401, 'Your sign-in is not valid. Please sign in again.', { code: 'invalid_token' });
}

/**
 * Runs the passport-jwt strategy for a request and leaves the verified caller on
 * req.user. Used by the global guard and by the admin-area gate (which runs before
 * routing); a request is verified once even when both ask.
 */
@Injectable()
export class AccessTokenAuthenticator {
  constructor(private readonly strategy: AccessTokenStrategy) {}

  async authenticate(req: Request, res: Response): Promise<Actor> {
    if (req.user) return req.user;
    const actor = await new Promise<Actor>((resolve, reject) => {
      const authenticate = this.strategy.getPassportInstance().authenticate(
        ACCESS_TOKEN_STRATEGY,
        { session: false },
        (error: unknown, user: Actor | false, info: unknown) => {
          if (error) reject(error);
          else if (!user) reject(refusal(info));
          else resolve(user);
        },
      );
      authenticate(req, res, (error?: unknown) => reject(error ?? refusal(undefined)));
    });
    req.user = actor;
    return actor;
  }
}
