import { createPrivateKey } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AccessTokenClaims, AdminRole, UserType } from '@portal/contracts';
import { ConfigurationError } from '@portal/config';

export interface SignedAccessToken {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  /** ISO-8601, the token's exp. */
  expiresAt: string;
}

/** Signs the short-lived RS256 access tokens the gateway verifies with the public key. */
export class AccessTokenSigner {
  private readonly jwt: JwtService;

  constructor(
    privateKey: string,
    private readonly ttlSeconds: number,
  ) {
    try {
      createPrivateKey(privateKey);
    } catch {
      throw new ConfigurationError(['JWT_PRIVATE_KEY (bad value): not a PEM private key']);
    }
    this.jwt = new JwtService({ privateKey, signOptions: { algorithm: 'RS256', issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE } });
  }

  sign(user: { id: string; userType: UserType; adminRole: AdminRole | null }, sessionId: string, now = new Date()): SignedAccessToken {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const claims: AccessTokenClaims = { sub: user.id, sid: sessionId, typ: user.userType, role: user.adminRole };
    // iat is given so that exp (iat + ttl) and the reported expiresAt agree to the second.
    const accessToken = this.jwt.sign({ ...claims, iat: issuedAt }, { expiresIn: this.ttlSeconds });
    return { accessToken, expiresIn: this.ttlSeconds, expiresAt: new Date((issuedAt + this.ttlSeconds) * 1000).toISOString() };
  }
}
