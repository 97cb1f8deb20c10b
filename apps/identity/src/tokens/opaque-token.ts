import { createHash, randomBytes } from 'node:crypto';

export interface OpaqueToken {
  /** What the user receives (link or cookie); never stored. */
  token: string;
  /** What the database keeps: a leaked table cannot be replayed as tokens. */
  tokenHash: string;
}

const TOKEN_BYTES = 32;

/** 32 random bytes, base64url, and their SHA-256 (a hash suffices: the token has full entropy). */
export function newOpaqueToken(): OpaqueToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Keys derived from personal data (emails, addresses) so Redis never holds them in clear. */
export function privacyKey(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 32);
}
