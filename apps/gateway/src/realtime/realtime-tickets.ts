import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Actor } from '@portal/contracts';
import type { RedisClient } from '@portal/redis';
import { REDIS } from '../connections/tokens';

/** Long enough to open the stream right after asking; short enough to be useless if it leaks. */
export const REALTIME_TICKET_SECONDS = 30;

export interface RealtimeGrant {
  actor: Actor;
  /** The access token's expiry (ms): the stream ends then, and the browser reconnects with a fresh sign-in. */
  expiresAt: number;
  /**
   * The access token's iat (ms), null when it has none: an account event ends the stream
   * only if the token is older than the event (see RealtimeHub). Optional: a ticket issued
   * by a replica of the version before is read as null.
   */
  issuedAt?: number | null;
}

const key = (ticket: string) => `realtime:ticket:${createHash('sha256').update(ticket).digest('hex')}`;

/**
 * Single-use tickets for opening the event stream. Kept in Redis (hashed), so a ticket
 * from one replica opens the stream on any other.
 */
@Injectable()
export class RealtimeTickets {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async issue(grant: RealtimeGrant): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.redis.set(key(ticket), JSON.stringify(grant), 'EX', REALTIME_TICKET_SECONDS);
    return ticket;
  }

  /** The grant, once: a second use of the same ticket finds nothing. */
  async redeem(ticket: string): Promise<RealtimeGrant | null> {
    const stored = await this.redis.getdel(key(ticket));
    return stored ? (JSON.parse(stored) as RealtimeGrant) : null;
  }
}
