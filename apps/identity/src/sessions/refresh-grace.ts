import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { AuthSession } from '@portal/contracts';

/**
 * The session a refresh token was exchanged for, kept for a few seconds so that the same
 * token presented again (two tabs of a non-browser client, a retried request whose
 * answer was lost) gets the same new pair instead of ending the session as reuse.
 *
 * It is sealed with AES-256-GCM under a key derived from the old token itself: only
 * someone who holds that token can open it, and Redis never holds a usable token.
 */
export interface SealedSuccessor {
  key: string;
  sealed: string;
}

function keyFor(refreshToken: string): Buffer {
  return createHash('sha256').update(`refresh-grace:${refreshToken}`, 'utf8').digest();
}

export function graceKey(tokenHash: string): string {
  return `identity:refresh-grace:${tokenHash}`;
}

export function sealSuccessor(tokenHash: string, refreshToken: string, session: AuthSession): SealedSuccessor {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(session), 'utf8'), cipher.final()]);
  return { key: graceKey(tokenHash), sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
}

/** The successor, or null when the sealed value does not open with this token. */
export function openSuccessor(refreshToken: string, sealed: string): AuthSession | null {
  try {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyFor(refreshToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as AuthSession;
  } catch {
    return null;
  }
}
