import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { revokedSessionKey } from '@portal/contracts';
import { REDIS } from '../connections/tokens';

/**
 * Sessions that ended before their access tokens expire (sign-out, refresh-token reuse,
 * password reset): identity marks them in Redis and every request checks the mark.
 */
@Injectable()
export class SessionRevocations {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async isRevoked(sessionId: string): Promise<boolean> {
    return (await this.redis.exists(revokedSessionKey(sessionId))) > 0;
  }
}
