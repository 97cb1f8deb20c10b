import { createVerifier, TokenError } from 'fast-jwt';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AccessTokenClaims } from '@portal/contracts';

/** Why a token was refused: past its expiry, or not a token of ours at all. */
export type AccessTokenRefusal = 'expired' | 'invalid';

export class AccessTokenRefused extends Error {
  constructor(readonly reason: AccessTokenRefusal) {
    super(`access token refused: ${reason}`);
    this.name = 'AccessTokenRefused';
  }
}

export interface AccessTokenVerifierOptions {
  /** Verified tokens kept, least recently used dropped first; 0 turns the cache off. */
  cacheSize?: number;
}

/** Enough for every signed-in person of a busy replica within one access-token lifetime. */
export const DEFAULT_VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/**
 * Verifies identity's access tokens: an RS256 signature by the configured public key
 * (parsed once, not per request), RS256 only (no `none`, no HMAC with the public key),
 * our issuer and audience, and an expiry that has not passed; a token without `exp` is
 * refused too.
 *
 * A verified token is remembered (bounded LRU keyed by a hash of the whole token, so a
 * changed signature is a different entry) until the earlier of its `exp` and ten minutes,
 * so a client's next requests with the same token cost a hash instead of an RSA check.
 * Refusals are never remembered.
 */
export class AccessTokenVerifier {
  private readonly verifier: (token: string) => Partial<AccessTokenClaims>;

  constructor(publicKeyPem: string, options: AccessTokenVerifierOptions = {}) {
    const cacheSize = options.cacheSize ?? DEFAULT_VERIFIED_TOKEN_CACHE_SIZE;
    this.verifier = createVerifier({
      key: publicKeyPem,
      algorithms: ['RS256'],
      allowedIss: ACCESS_TOKEN_ISSUER,
      allowedAud: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ['iss', 'aud', 'exp'],
      cache: cacheSize > 0 ? cacheSize : false,
      cacheTTL: 600_000,
    });
  }

  /** The token's verified claims; throws AccessTokenRefused otherwise. */
  verify(token: string): Partial<AccessTokenClaims> {
    try {
      return this.verifier(token);
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired) throw new AccessTokenRefused('expired');
      throw new AccessTokenRefused('invalid');
    }
  }
}
