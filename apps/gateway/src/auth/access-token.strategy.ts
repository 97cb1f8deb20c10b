import { createPublicKey } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { Clock } from '@portal/config';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AccessTokenClaims } from '@portal/contracts';
import { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';
import { actorFromClaims } from './actor';
import { VerifiedAccessToken } from './verified-token-cache';

export const ACCESS_TOKEN_STRATEGY = 'access-token';

/** The bearer token of a request, read the way the strategy reads it (from its headers only, so any request object will do). */
export const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken() as unknown as (req: { headers: IncomingHttpHeaders }) => string | null;

// Each strategy registers with a Passport instance of its own instead of the module-wide
// singleton, so two gateways in one process (tests) never share a strategy.
const passports = new WeakMap<object, passport.Authenticator>();

/** A token past its exp by the service clock: refused with jsonwebtoken's own error name, so the answer is the same. */
class AccessTokenExpired extends Error {
  override readonly name = 'TokenExpiredError';
}

/**
 * Verifies identity's RS256 access tokens: signature, RS256 only, issuer, audience and
 * expiry. Expiry is judged by the service clock (identity signs by the same clock), not by
 * jsonwebtoken's wall clock, so a stack moved by CLOCK_OFFSET_DAYS still signs people in.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, ACCESS_TOKEN_STRATEGY) {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly clock: Clock,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A key object parsed once: given the PEM text, jsonwebtoken parses it again on
      // every verification (measured: most of the cost of checking a token).
      secretOrKey: createPublicKey(config.jwtPublicKey) as unknown as string,
      algorithms: ['RS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      // Checked in validate() against the clock; a token without exp is refused there.
      ignoreExpiration: true,
    });
  }

  getPassportInstance(): passport.Authenticator {
    let instance = passports.get(this);
    if (!instance) {
      instance = new passport.Passport();
      passports.set(this, instance);
    }
    return instance;
  }

  /** Claims of another shape, or without an expiry, are not ours; an expired token is refused as such. */
  validate(claims: AccessTokenClaims & { exp?: number }): VerifiedAccessToken | false {
    const actor = actorFromClaims(claims);
    if (!actor || typeof claims.exp !== 'number') return false;
    if (claims.exp * 1000 <= this.clock.now().getTime()) throw new AccessTokenExpired('jwt expired');
    return { actor, expiresAt: claims.exp * 1000 };
  }
}
