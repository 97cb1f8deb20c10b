import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AccountSecurityErrorCodes, AccountSecurityMessages, MfaChallenge } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
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
}

export const challengeExpired = () => ServiceError.unauthorized(AccountSecurityMessages.challengeExpired, AccountSecurityErrorCodes.challengeExpired);

/**
 * The pending second step of a sign-in whose password was right: an opaque token whose
 * hash keys a short-lived Redis hash, shared by every replica, used once.
 */
@Injectable()
export class MfaChallenges {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async create(userId: string, enrolment: boolean): Promise<MfaChallenge> {
    const { token, tokenHash } = newOpaqueToken();
    await this.redis.multi().hset(this.key(tokenHash), { userId, enrolment: enrolment ? '1' : '0', attempts: '0' }).expire(this.key(tokenHash), MFA_CHALLENGE_TTL_SECONDS).exec();
    return { mfaRequired: true, mfaToken: token, enrolmentRequired: enrolment, expiresIn: MFA_CHALLENGE_TTL_SECONDS };
  }

  /** The challenge behind a token, or 401 when it is unknown, expired or used up. */
  async open(token: string): Promise<OpenChallenge> {
    const fields = await this.redis.hgetall(this.key(hashOpaqueToken(token)));
    if (!fields.userId || Number(fields.attempts) >= MFA_CHALLENGE_MAX_ATTEMPTS) throw challengeExpired();
    return { userId: fields.userId, enrolment: fields.enrolment === '1' };
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
