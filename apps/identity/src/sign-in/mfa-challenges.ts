import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MfaChallenge } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import type { RedisClient } from '@portal/redis';
import { REDIS } from '../redis/redis';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token';

/** How long the second step of a sign-in may take. */
export const MFA_CHALLENGE_TTL_SECONDS = 300;
/** Wrong codes one challenge may take before it is void (the sign-in limits count them too). */
export const MFA_CHALLENGE_MAX_ATTEMPTS = 5;

export interface OpenChallenge {
  userId: string;
  /** The account must set two-factor up before it gets a session. */
  enrolment: boolean;
  /** A digest of the password hash the password was proven against (null: not recorded, never honoured). */
  passwordDigest: string | null;
}

export const challengeExpired = () => ServiceError.of(401, 'mfa_challenge_expired');

/**
 * The pending second step of a sign-in whose password was right: an opaque token whose
 * hash keys a short-lived Redis hash, shared by every replica, used once.
 */
@Injectable()
export class MfaChallenges {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  /**
   * `provenPasswordHash`: the hash the password was checked against. Only a digest of it is
   * kept, so that completing the challenge can refuse once the password has changed (a
   * reset or a change ends what the old password opened, this too).
   */
  async create(userId: string, enrolment: boolean, provenPasswordHash: string): Promise<MfaChallenge> {
    const { token, tokenHash } = newOpaqueToken();
    const fields = { userId, enrolment: enrolment ? '1' : '0', attempts: '0', password: passwordDigest(provenPasswordHash) };
    await this.redis.multi().hset(this.key(tokenHash), fields).expire(this.key(tokenHash), MFA_CHALLENGE_TTL_SECONDS).exec();
    return { mfaRequired: true, mfaToken: token, enrolmentRequired: enrolment, expiresIn: MFA_CHALLENGE_TTL_SECONDS };
  }

  /** The challenge behind a token, or 401 when it is unknown, expired or used up. */
  async open(token: string): Promise<OpenChallenge> {
    const fields = await this.redis.hgetall(this.key(hashOpaqueToken(token)));
    if (!fields.userId || Number(fields.attempts) >= MFA_CHALLENGE_MAX_ATTEMPTS) throw challengeExpired();
    return { userId: fields.userId, enrolment: fields.enrolment === '1', passwordDigest: fields.password || null };
  }

  /** Counts a wrong code; the challenge is void after the last allowed one. */
  async wrongCode(token: string): Promise<void> {
    const key = this.key(hashOpaqueToken(token));
    const attempts = await this.redis.hincrby(key, 'attempts', 1);
    if (attempts >= MFA_CHALLENGE_MAX_ATTEMPTS) await this.redis.del(key);
  }

  /** Used: a session was issued from it. Only the first of two racing completions gets true. */
  async consume(token: string): Promise<boolean> {
    return (await this.redis.del(this.key(hashOpaqueToken(token)))) === 1;
  }

  private key(tokenHash: string): string {
    return `identity:mfa-challenge:${tokenHash}`;
  }
}

/** SHA-256 of the argon2 hash: tells one password hash from another, and reveals nothing to crack. */
function passwordDigest(passwordHash: string): string {
  return createHash('sha256').update(passwordHash, 'utf8').digest('hex');
}

/**
 * Whether the challenge was issued for the password the account has now. A challenge that
 * recorded none (issued before the digest was kept) is refused too: it lives five minutes,
 * and signing in again issues one that has it.
 */
export function issuedForPassword(challenge: OpenChallenge, passwordHash: string): boolean {
  if (!challenge.passwordDigest) return false;
  const now = Buffer.from(passwordDigest(passwordHash), 'utf8');
  const then = Buffer.from(challenge.passwordDigest, 'utf8');
  return now.length === then.length && timingSafeEqual(now, then);
}
