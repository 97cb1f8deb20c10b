import { hashOpaqueToken, newOpaqueToken, privacyKey } from './opaque-token';

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url, different every time', () => {
    const tokens = Array.from({ length: 50 }, () => newOpaqueToken().token);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('are stored as their SHA-256, which the token reproduces', () => {
    const { token, tokenHash } = newOpaqueToken();
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOpaqueToken(token)).toBe(tokenHash);
    expect(hashOpaqueToken(`${token}x`)).not.toBe(tokenHash);
  });

  it('hashes a known value to its known digest', () => {
    expect(hashOpaqueToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('derives stable Redis keys that do not contain the personal data', () => {
    expect(privacyKey('ada@example.com')).toBe(privacyKey('ada@example.com'));
    expect(privacyKey('ada@example.com')).not.toBe(privacyKey('bob@example.com'));
    expect(privacyKey('ada@example.com')).not.toContain('ada');
  });
});
