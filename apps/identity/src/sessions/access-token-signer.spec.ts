import { generateKeyPairSync } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { ConfigurationError } from '@portal/config';
import { AccessTokenSigner } from './access-token-signer';

describe('access token signer', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const verifier = new JwtService({ publicKey });
  const admin = { id: '7b0c8f8e-3f7a-4c38-9d61-3e4f1a2b5c6d', userType: 'admin' as const, adminRole: 'moderator' as const };

  it('signs RS256 tokens with subject, session, type, role, issuer and audience', () => {
    const signed = new AccessTokenSigner(privateKey, 900).sign(admin, 'session-1');
    const claims = verifier.verify(signed.accessToken, { algorithms: ['RS256'], issuer: 'portal-identity', audience: 'portal' });
    expect(claims).toMatchObject({ sub: admin.id, sid: 'session-1', typ: 'admin', role: 'moderator' });
    expect(JSON.parse(Buffer.from(signed.accessToken.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'RS256' });
  });

  it('reports the expiry the token carries', () => {
    const now = new Date();
    const signed = new AccessTokenSigner(privateKey, 600).sign(admin, 'session-1', now);
    const claims = verifier.verify(signed.accessToken);
    expect(signed.expiresIn).toBe(600);
    expect(claims.exp - claims.iat).toBe(600);
    expect(signed.expiresAt).toBe(new Date(claims.exp * 1000).toISOString());
    expect(claims.iat).toBe(Math.floor(now.getTime() / 1000));
  });

  it('refuses to start with something that is not a private key', () => {
    expect(() => new AccessTokenSigner('not a key', 900)).toThrow(ConfigurationError);
  });
});
