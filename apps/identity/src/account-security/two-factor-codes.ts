import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** Used when TWO_FACTOR_ENCRYPTION_KEY is not set, outside production only (the environment refuses to start without it there). */
export const DEVELOPMENT_TWO_FACTOR_KEY = 'development-only-two-factor-key-never-use-in-production';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = 'Investment Portal';
export const RECOVERY_CODE_COUNT = 10;

/** AES-256-GCM with a random nonce per secret: "v1.<nonce>.<tag>.<ciphertext>", base64url parts. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(passphrase: string) {
    this.key = createHash('sha256').update(passphrase, 'utf8').digest();
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('unreadable sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** A new random 160-bit secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

export function otpauthUri(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

export function isTotpFormat(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * The time step a six-digit code belongs to when it is valid now (one step of clock
 * drift either way), else null. A step at or before `lastStep` was already used: null.
 */
export function acceptedTotpStep(secretBase32: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  if (!isTotpFormat(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** "xxxx-xxxx-xxxx": 12 characters of a 31-letter alphabet (about 59 bits). */
export function newRecoveryCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code), 'utf8').digest('hex');
}
