import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Clock } from '@portal/config';
import { Actor, AuthErrorCodes, RevocationReason } from '@portal/contracts';
import { ApiError } from '../http/api-error';
import type { RequestHook } from '../http/request-context';
import { ACCESS_TOKEN_STRATEGY, AccessTokenStrategy, bearerToken } from './access-token.strategy';
import { SessionRevocations } from './session-revocations';
import { VerifiedAccessToken, VerifiedTokenCache } from './verified-token-cache';

/** Why passport-jwt refused a token, in words a client can act on (every case means: sign in again). */
function refusal(info: unknown): ApiError {
  const name = (info as Error | undefined)?.name;
  const message = (info as Error | undefined)?.message;
  if (name === 'TokenExpiredError') return ApiError.of(401, 'token_expired');
  if (message === 'No auth token') return ApiError.of(401, 'unauthenticated');
  return ApiError.of(401, 'invalid_token');
}

/** A revoked session's refusal, in words that say what happened to the account. */
function sessionEndedBecause(reason: RevocationReason): ApiError {
  switch (reason) {
    case 'suspended':
      return ApiError.of(401, AuthErrorCodes.accountSuspended);
    case 'deleted':
      return ApiError.of(401, 'account_deleted');
    case 'role_changed':
      return ApiError.of(401, 'access_changed');
    default:
      return ApiError.of(401, AuthErrorCodes.sessionEnded);
  }
}

/**
 * Verifies the request's access token with the passport-jwt strategy (or finds it among
 * the tokens verified recently), checks its session is still live, and leaves the
 * verified caller on req.user. Used by the global guard and by the admin-area gate
 * (which runs before routing); a request is verified once even when both ask.
 */
@Injectable()
export class AccessTokenAuthenticator {
  private readonly verifiedTokens = new VerifiedTokenCache();
  /** Revocation reads started as the request arrived (earlyRevocationRead), by request. */
  private readonly earlyReads = new WeakMap<FastifyRequest, { token: string; verified: VerifiedAccessToken; revocation: Promise<RevocationReason | null> }>();

  constructor(
    private readonly strategy: AccessTokenStrategy,
    private readonly revocations: SessionRevocations,
    private readonly clock: Clock,
  ) {}

  async authenticate(req: FastifyRequest): Promise<Actor> {
    if (req.user) return req.user;
    const token = bearerToken(req);
    if (!token) throw refusal(new Error('No auth token'));
    const early = this.earlyReads.get(req);
    const now = this.clock.now().getTime();
    let verified = early?.token === token ? early.verified : this.verifiedTokens.get(token, now);
    if (!verified) {
      verified = await this.verify(req);
      this.verifiedTokens.remember(token, verified, now);
    }

    let revoked: RevocationReason | null;
    try {
      revoked = await (early?.verified === verified ? early.revocation : this.revocations.revocationOf(verified.actor.sessionId));
    } catch {
      // Fail closed: without Redis a signed-out session cannot be told from a live one.
      throw ApiError.of(503, 'session_check_unavailable');
    }
    if (revoked) throw sessionEndedBecause(revoked);
    req.user = verified.actor;
    return verified.actor;
  }

  /**
   * An onRequest hook, placed just before the rate limit's: for a token verified recently,
   * it starts reading its session's revocation mark at once, in the same tick as the rate
   * limit's count, so the auto-pipelined Redis client sends both in one round trip instead
   * of two. Nothing is decided here: authenticate() still verifies the token and uses this
   * read only for that same session; a failed read fails it closed there.
   */
  earlyRevocationRead(): RequestHook {
    return (request, _reply, done) => {
      const token = bearerToken(request);
      const known = token ? this.verifiedTokens.get(token, this.clock.now().getTime()) : undefined;
      if (token && known) {
        const revocation = this.revocations.revocationOf(known.actor.sessionId);
        // Awaited by authenticate() if the route needs a caller; otherwise nobody would handle a failure.
        revocation.catch(() => undefined);
        this.earlyReads.set(request, { token, verified: known, revocation });
      }
      done();
    };
  }

  private verify(req: FastifyRequest): Promise<VerifiedAccessToken> {
    return new Promise<VerifiedAccessToken>((resolve, reject) => {
      const authenticate = this.strategy.getPassportInstance().authenticate(
        ACCESS_TOKEN_STRATEGY,
        { session: false },
        (error: unknown, verified: VerifiedAccessToken | false, info: unknown) => {
          // The strategy refuses a token past its exp (by the clock) by throwing jsonwebtoken's error.
          if (error) reject((error as Error).name === 'TokenExpiredError' ? refusal(error) : error);
          else if (!verified) reject(refusal(info));
          else resolve(verified);
        },
      );
      // The strategy reads only the Authorization header, and answers through the callback.
      authenticate(req, {}, (error?: unknown) => reject(error ?? refusal(undefined)));
    });
  }
}
