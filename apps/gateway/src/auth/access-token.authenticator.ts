import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Actor, AuthErrorCodes, AuthMessages } from '@portal/contracts';
import { ApiError } from '../http/api-error';
import { actorFromClaims } from './actor';
import { AccessTokenRefused, AccessTokenVerifier } from './access-token.verifier';
import { SessionRevocations } from './session-revocations';

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/** Why a token was refused, in words a client can act on (every case means: sign in again). */
function refusal(reason: 'missing' | 'expired' | 'invalid'): ApiError {
  if (reason === 'expired') return ApiError.of(401, 'Your session has expired. Please sign in again.', { code: 'token_expired' });
  if (reason === 'missing') return ApiError.of(401, SIGN_IN_REQUIRED, { code: 'unauthenticated' });
  return ApiError.of(401, 'Your sign-in is not valid. Please sign in again.', { code: 'invalid_token' });
}

const AUTHORIZATION = /(\S+)\s+(\S+)/;

/** The token of an `Authorization: Bearer <token>` header (scheme in any case), as passport-jwt read it. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = AUTHORIZATION.exec(header);
  return match && match[1].toLowerCase() === 'bearer' ? match[2] : null;
}

/**
 * Verifies the request's access token (identity's RS256 signature, issuer, audience,
 * expiry), checks its session is still live, and leaves the verified caller on req.user.
 * Used by the global guard and by the admin-area gate (which runs before routing); a
 * request is verified once even when both ask.
 */
@Injectable()
export class AccessTokenAuthenticator {
  constructor(
    private readonly verifier: AccessTokenVerifier,
    private readonly revocations: SessionRevocations,
  ) {}

  async authenticate(req: Request, _res?: Response): Promise<Actor> {
    if (req.user) return req.user;
    const token = bearerToken(req);
    if (!token) throw refusal('missing');
    let actor: Actor | null;
    try {
      actor = actorFromClaims(this.verifier.verify(token));
    } catch (error) {
      throw refusal(error instanceof AccessTokenRefused ? error.reason : 'invalid');
    }
    if (!actor) throw refusal('invalid');

    let revoked: boolean;
    try {
      revoked = await this.revocations.isRevoked(actor.sessionId);
    } catch {
      // Fail closed: without Redis a signed-out session cannot be told from a live one.
      throw ApiError.of(503, 'Your sign-in cannot be checked right now. Please try again shortly.', { code: 'session_check_unavailable' });
    }
    if (revoked) throw ApiError.of(401, AuthMessages.sessionEnded, { code: AuthErrorCodes.sessionEnded });
    req.user = actor;
    return actor;
  }
}
