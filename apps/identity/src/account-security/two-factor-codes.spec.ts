import 'reflect-metadata';
import { Secret, TOTP } from 'otpauth';
import { ConfigurationError, loadEnvironment } from '@portal/config';
import { IdentityEnvironment } from '../identity-environment';
import { acceptedTotpStep, hashRecoveryCode, newRecoveryCode, newTotpSecret, otpauthUri, SecretBox } from './two-factor-codes';

const at = Date.UTC(2026, 10, 23, 12, 0, 15);
const codeAt = (secret: string, timestamp: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

describe('two-factor codes', () => {
  it('seals secrets so only the same key opens them, with a new nonce each time', () => {
    const box = new SecretBox('a-key-of-at-least-thirty-two-characters!');
    const secret = newTotpSecret();
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret);
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
    expect(() => new SecretBox('another-key-of-at-least-thirty-two-chars').open(sealed)).toThrow();
  });

  it('accepts the code of this period and its neighbours, each step only once', () => {
    const secret = newTotpSecret();
    const step = Math.floor(at / 30_000);
    expect(acceptedTotpStep(secret, codeAt(secret, at), null, at)).toBe(step);
    expect(acceptedTotpStep(secret, codeAt(secret, at - 30_000), null, at)).toBe(step - 1);
    expect(acceptedTotpStep(secret, codeAt(secret, at + 30_000), null, at)).toBe(step + 1);
    expect(acceptedTotpStep(secret, codeAt(secret, at + 90_000), null, at)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(secret, at), step, at)).toBeNull();
    expect(acceptedTotpStep(secret, 'abcdef', null, at)).toBeNull();
  });

  it('names the account and issuer in the otpauth URI', () => {
    const secret = newTotpSecret();
    expect(otpauthUri(secret, 'ada@example.com')).toBe(`otpauth://totp/Investment%20Portal:ada%40example.com?issuer=Investment%20Portal&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
  });

  it('makes recovery codes that match however they are typed', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(hashRecoveryCode(` ${code.toUpperCase().replace(/-/g, ' ')} `)).toBe(hashRecoveryCode(code));
  });

  it('requires TWO_FACTOR_ENCRYPTION_KEY in production, and a long one whenever it is set', () => {
    const base = { DATABASE_URL: 'postgres://localhost/portal', NATS_URL: 'nats://localhost:4222', REDIS_URL: 'redis://localhost:6379' };
    expect(() => loadEnvironment(IdentityEnvironment, { ...base, NODE_ENV: 'production', JWT_PRIVATE_KEY: 'x', JWT_PUBLIC_KEY: 'y' })).toThrow(ConfigurationError);
    expect(() => loadEnvironment(IdentityEnvironment, { ...base, TWO_FACTOR_ENCRYPTION_KEY: 'short' })).toThrow(/TWO_FACTOR_ENCRYPTION_KEY/);
    expect(loadEnvironment(IdentityEnvironment, base).TWO_FACTOR_ENCRYPTION_KEY).toBeUndefined();
    expect(loadEnvironment(IdentityEnvironment, { ...base, NODE_ENV: 'production', TWO_FACTOR_ENCRYPTION_KEY: 'k'.repeat(40) }).TWO_FACTOR_ENCRYPTION_KEY).toBe('k'.repeat(40));
  });
});
