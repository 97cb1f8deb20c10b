import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import passport from 'passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AccessTokenClaims, Actor, AuthErrorCodes, AuthMessages } from '@portal/contracts';
import { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG } from '../connections/tokens';
import { ApiError } from '../http/api-error';
import { actorFromClaims } from './actor';
import { SessionRevocations } from './session-revocations';

export const ACCESS_TOKEN_STRATEGY = 'access-token';

// Each strategy registers with a Passport instance of its own instead of the module-wide
// singleton, so two gateways in one process (tests) never share a strategy or its Redis.
const passports = new WeakMap<object, passport.Authenticator>();

/** Verifies identity's RS256 access tokens (issuer, audience, expiry), then checks the session is still live. */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, ACCESS_TOKEN_STRATEGY) {
  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly revocations: SessionRevocations,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.jwtPublicKey,
      algorithms: ['RS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      ignoreExpiration: false,
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

  async validate(claims: AccessTokenClaims): Promise<Actor | false> {
    const actor = actorFromClaims(claims);
    if (!actor) return false;
    let revoked: boolean;
    try {
      revoked = await this.revocations.isRevoked(actor.sessionId);
    } catch {
      // Fail closed: without Redis a signed-out session cannot be told from a live one.
      throw ApiError.of(503, 'Your sign-in cannot be checked right now. Please try again shortly.', { code: 'session_check_unavailable' });
    }
    if (revoked) throw ApiError.of(401, AuthMessages.sessionEnded, { code: AuthErrorCodes.sessionEnded });
    return actor;
  }
}
