import { generateKeyPairSync } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@portal/contracts';
import { AccessTokenRefused, AccessTokenVerifier } from './access-token.verifier';

function keyPair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
}

const ours = keyPair();
const foreign = keyPair();
const claims = { sub: 'user-1', sid: 'session-1', typ: 'customer', role: null };
const signer = (privateKey: string) => new JwtService({ privateKey, signOptions: { algorithm: 'RS256', issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE } });

function refusalOf(verify: () => unknown): string {
  try {
    verify();
  } catch (error) {
    if (error instanceof AccessTokenRefused) return error.reason;
    throw error;
  }
  return 'accepted';
}

/** The token with one character of its signature changed. */
function tampered(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return token.slice(0, -2) + last + token.slice(-1);
}

describe('AccessTokenVerifier', () => {
  const start = new Date('2026-11-01T10:00:00.000Z').getTime();

  beforeEach(() => {
    jest.useFakeTimers({ now: start });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it("accepts identity's token and returns its claims", () => {
    const verifier = new AccessTokenVerifier(ours.publicKey);
    const token = signer(ours.privateKey).sign(claims, { expiresIn: 900 });
    expect(verifier.verify(token)).toMatchObject({ ...claims, iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE });
  });

  it('refuses other keys, issuers, audiences, algorithms, tokens without expiry and garbage as invalid', () => {
    const verifier = new AccessTokenVerifier(ours.publicKey);
    const jwt = signer(ours.privateKey);
    const hmacWithPublicKey = new JwtService({ secret: ours.publicKey, signOptions: { algorithm: 'HS256', issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE } });
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, exp: start / 1000 + 900 })).toString('base64url')}.`;
    const cases = {
      foreignKey: signer(foreign.privateKey).sign(claims, { expiresIn: 900 }),
      otherIssuer: jwt.sign(claims, { expiresIn: 900, issuer: 'someone-else' }),
      otherAudience: jwt.sign(claims, { expiresIn: 900, audience: 'someone-else' }),
      noExpiry: jwt.sign(claims),
      hmacWithPublicKey: hmacWithPublicKey.sign(claims, { expiresIn: 900 }),
      unsigned,
      tamperedSignature: tampered(jwt.sign(claims, { expiresIn: 900 })),
      garbage: 'not-a-jwt',
    };
    for (const [name, token] of Object.entries(cases)) expect([name, refusalOf(() => verifier.verify(token))]).toEqual([name, 'invalid']);
  });

  it('refuses an expired token as expired', () => {
    const verifier = new AccessTokenVerifier(ours.publicKey);
    const token = signer(ours.privateKey).sign(claims, { expiresIn: -10 });
    expect(refusalOf(() => verifier.verify(token))).toBe('expired');
  });

  describe('the verified-token cache', () => {
    it('never serves a cached token past its expiry', () => {
      const verifier = new AccessTokenVerifier(ours.publicKey);
      const token = signer(ours.privateKey).sign(claims, { expiresIn: 60 });
      expect(refusalOf(() => verifier.verify(token))).toBe('accepted');
      jest.setSystemTime(start + 59_000);
      expect(refusalOf(() => verifier.verify(token))).toBe('accepted');
      jest.setSystemTime(start + 61_000);
      expect(refusalOf(() => verifier.verify(token))).toBe('expired');
    });

    it('does not let a token with a changed signature or changed claims ride on a cached one', () => {
      const verifier = new AccessTokenVerifier(ours.publicKey);
      const token = signer(ours.privateKey).sign(claims, { expiresIn: 900 });
      expect(refusalOf(() => verifier.verify(token))).toBe('accepted');
      expect(refusalOf(() => verifier.verify(tampered(token)))).toBe('invalid');
      const [header, , signature] = token.split('.');
      const otherClaims = Buffer.from(JSON.stringify({ ...claims, typ: 'admin', role: 'super_admin', iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, exp: start / 1000 + 900 })).toString('base64url');
      expect(refusalOf(() => verifier.verify(`${header}.${otherClaims}.${signature}`))).toBe('invalid');
      // The cached good token is still good.
      expect(refusalOf(() => verifier.verify(token))).toBe('accepted');
    });

    it('does not remember refusals: a token refused once is checked again', () => {
      const verifier = new AccessTokenVerifier(ours.publicKey);
      const token = signer(foreign.privateKey).sign(claims, { expiresIn: 900 });
      expect(refusalOf(() => verifier.verify(token))).toBe('invalid');
      expect(refusalOf(() => verifier.verify(token))).toBe('invalid');
    });

    it('is bounded: the least recently used token is dropped and verified afresh', () => {
      const verifier = new AccessTokenVerifier(ours.publicKey, { cacheSize: 2 });
      const jwt = signer(ours.privateKey);
      const tokens = ['a', 'b', 'c'].map((sid) => jwt.sign({ ...claims, sid }, { expiresIn: 900 }));
      tokens.forEach((token) => verifier.verify(token));
      const cache = (verifier as unknown as { verifier: { cache: { size: number; has(key: unknown): boolean } } }).verifier.cache;
      expect(cache.size).toBe(2);
      expect(verifier.verify(tokens[0])).toMatchObject({ sid: 'a' });
    });
  });
});
