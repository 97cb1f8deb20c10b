import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { REVOCATION_REASONS, RevocationReason, revokedSessionKey } from '@portal/contracts';
import { REDIS } from '../connections/tokens';

/**
 * Sessions that ended before their access tokens expire (sign-out, refresh-token reuse,
 * password reset, suspension, deletion, a role change): identity marks them in Redis
 * with the reason, and every request checks the mark.
 */
@Injectable()
export class SessionRevocations {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Why the session ended, or null while it is live. */
  async revocationOf(sessionId: string): Promise<RevocationReason | null> {
    return reasonOf(await this.redis.get(revokedSessionKey(sessionId)));
  }

  /** Why each of these sessions ended (null: live), in their order, read in one round trip (MGET). */
  async revocationsOf(sessionIds: readonly string[]): Promise<(RevocationReason | null)[]> {
    if (sessionIds.length === 0) return [];
    const marks = await this.redis.mget(sessionIds.map(revokedSessionKey));
    return marks.map(reasonOf);
  }
}

function reasonOf(mark: string | null): RevocationReason | null {
  if (mark === null) return null;
  return (REVOCATION_REASONS as readonly string[]).includes(mark) ? (mark as RevocationReason) : 'signed_out';
}
