import { Actor } from '@portal/contracts';

/** An access token passport-jwt verified, and until when it holds. */
export interface VerifiedAccessToken {
  actor: Actor;
  /** The token's `exp`, in milliseconds. */
  expiresAt: number;
}

/** Enough for every signed-in person of a busy replica within one access-token lifetime. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;
const LONGEST_KEPT_MS = 600_000;

/**
 * Access tokens verified recently, so a client's next requests with the same token cost
 * a map lookup instead of an RSA check. Keyed by the exact token text (a changed
 * signature or claim is another key), never served past the token's expiry or ten
 * minutes, bounded (the least recently used goes first). Only verified tokens go in;
 * refusals are checked afresh every time. Revocation is not cached: it is checked on
 * every request.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, VerifiedAccessToken & { keptUntil: number }>();

  constructor(private readonly maxEntries = VERIFIED_TOKEN_CACHE_SIZE) {}

  get(token: string, now = Date.now()): VerifiedAccessToken | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    this.entries.delete(token);
    if (now >= entry.keptUntil) return undefined;
    // Re-inserted: the map's order is the order of last use.
    this.entries.set(token, entry);
    return { actor: entry.actor, expiresAt: entry.expiresAt };
  }

  remember(token: string, verified: VerifiedAccessToken, now = Date.now()): void {
    if (this.maxEntries <= 0 || verified.expiresAt <= now) return;
    this.entries.delete(token);
    this.entries.set(token, { ...verified, keptUntil: Math.min(verified.expiresAt, now + LONGEST_KEPT_MS) });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
