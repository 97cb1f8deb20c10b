import { Actor } from '@portal/contracts';
import { VerifiedTokenCache } from './verified-token-cache';

const actor = (userId: string): Actor => ({ userId, sessionId: `session-of-${userId}`, userType: 'customer', adminRole: null });

describe('verified access tokens remembered by the gateway', () => {
  const now = 1_800_000_000_000;

  it('serves a verified token until its expiry, and never after', () => {
    const cache = new VerifiedTokenCache();
    cache.remember('token-a', { actor: actor('a'), expiresAt: now + 60_000 }, now);
    expect(cache.get('token-a', now + 59_999)).toEqual({ actor: actor('a'), expiresAt: now + 60_000 });
    expect(cache.get('token-a', now + 60_000)).toBeUndefined();
    // Gone for good: a later clock going back does not revive it.
    expect(cache.get('token-a', now)).toBeUndefined();
  });

  it('keeps a long-lived token ten minutes at most, then asks for it to be verified again', () => {
    const cache = new VerifiedTokenCache();
    cache.remember('token-b', { actor: actor('b'), expiresAt: now + 3_600_000 }, now);
    expect(cache.get('token-b', now + 599_999)).toBeDefined();
    expect(cache.get('token-b', now + 600_000)).toBeUndefined();
  });

  it('matches only the exact token text: a changed signature or claim is another token', () => {
    const cache = new VerifiedTokenCache();
    cache.remember('header.claims.signature', { actor: actor('c'), expiresAt: now + 60_000 }, now);
    expect(cache.get('header.claims.signaturf', now)).toBeUndefined();
    expect(cache.get('header.claimz.signature', now)).toBeUndefined();
  });

  it('does not take a token that has already expired', () => {
    const cache = new VerifiedTokenCache();
    cache.remember('old', { actor: actor('d'), expiresAt: now - 1 }, now);
    expect(cache.size).toBe(0);
  });

  it('is bounded: the least recently used token goes first', () => {
    const cache = new VerifiedTokenCache(2);
    cache.remember('one', { actor: actor('1'), expiresAt: now + 60_000 }, now);
    cache.remember('two', { actor: actor('2'), expiresAt: now + 60_000 }, now);
    expect(cache.get('one', now)).toBeDefined();
    cache.remember('three', { actor: actor('3'), expiresAt: now + 60_000 }, now);
    expect(cache.size).toBe(2);
    expect(cache.get('two', now)).toBeUndefined();
    expect(cache.get('one', now)).toBeDefined();
    expect(cache.get('three', now)).toBeDefined();
  });
});
