import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';

// argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): above the OWASP minimum.
const HASH_OPTIONS = { type: argon2.argon2id } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

/** False for a wrong password and for a hash the library cannot read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when there is no account to check against, so
 * the response time does not tell whether an email is registered. Always false.
 */
export async function verifyAgainstNoAccount(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}
