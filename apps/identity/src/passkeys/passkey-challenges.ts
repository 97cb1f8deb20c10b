import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@portal/config';
import { ServiceError } from '@portal/messaging';
import type { RedisClient } from '@portal/redis';
import { REDIS } from '../redis/redis';
import { hashOpaqueToken } from '../tokens/opaque-token';

/** How long a challenge can be answered: the browser's prompt, and a little more for the round trips. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 180;

/**
 * What a challenge was issued for. A challenge answers only its own ceremony: a sign-in
 * challenge cannot complete a registration, nor a signed-in person's proof another's.
 */
export type PasskeyCeremony = 'registration' | 'sign-in' | 'proof';

interface StoredChallenge {
  /** The account it was issued to; null for a sign-in, which names no account beforehand. */
  userId: string | null;
  expiresAtMs: number;
}

/** A challenge's bytes, for the WebAuthn options (which send them base64url-encoded: the challenge again). */
export function challengeBytes(challenge: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(challenge, 'base64url'));
}

export const challengeExpired = () => ServiceError.of(401, 'passkey_challenge_expired');

/**
 * WebAuthn challenges: random, kept in Redis (shared by every replica) under their hash,
 * answered once, and only within PASSKEY_CHALLENGE_TTL_SECONDS by the clock.
 */
@Injectable()
export class PasskeyChallenges {
  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly clock: Clock,
  ) {}

  async issue(ceremony: PasskeyCeremony, userId: string | null): Promise<string> {
    const challenge = randomBytes(32).toString('base64url');
    const stored: StoredChallenge = { userId, expiresAtMs: this.clock.now().getTime() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000 };
    await this.redis.set(this.key(ceremony, challenge), JSON.stringify(stored), 'EX', PASSKEY_CHALLENGE_TTL_SECONDS);
    return challenge;
  }

  /**
   * Uses up the challenge the browser signed, or refuses (401 passkey_challenge_expired) when
   * it was never issued for this ceremony and account, was already answered, or has expired.
   * Taken and deleted at once: of two answers racing with one challenge, only one gets it.
   */
  async consume(ceremony: PasskeyCeremony, challenge: string, userId: string | null): Promise<void> {
    const key = this.key(ceremony, challenge);
    const results = await this.redis.multi().get(key).del(key).exec();
    const value = results?.[0]?.[1];
    if (typeof value !== 'string') throw challengeExpired();
    const stored = JSON.parse(value) as StoredChallenge;
    if (stored.userId !== userId || stored.expiresAtMs <= this.clock.now().getTime()) throw challengeExpired();
  }

  /** The Redis key of a challenge (exported for tests that age one). */
  key(ceremony: PasskeyCeremony, challenge: string): string {
    return `identity:passkey-challenge:${ceremony}:${hashOpaqueToken(challenge)}`;
  }
}
