import { Inject, Injectable } from '@nestjs/common';
import type { RedisClient } from '@portal/redis';
import { REDIS } from './redis';

// Takes back one hit, but only inside a live window: a DECR on an expired key would
// create a negative count without an expiry. One key per call: the counters released
// together (an account's, an address's) sit in different slots of a Redis Cluster.
const RELEASE_SCRIPT = `if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end return 0`;

export interface WindowCount {
  count: number;
  /** Seconds until the window (and its count) ends; 0 when there is no count. */
  ttlSeconds: number;
}

/**
 * Fixed-window counters in Redis, shared by every replica. A window starts with the
 * first hit and is never extended by later ones, so a blocked client knows exactly
 * when it may try again.
 */
@Injectable()
export class WindowCounters {
  constructor(@Inject(REDIS) private readonly redis: RedisClient) {}

  async hit(key: string, windowSeconds: number): Promise<WindowCount> {
    const results = await this.redis.multi().set(key, 0, 'EX', windowSeconds, 'NX').incr(key).ttl(key).exec();
    if (!results) throw new Error(`redis transaction on ${key} was aborted`);
    for (const [error] of results) if (error) throw error;
    return { count: Number(results[1][1]), ttlSeconds: Math.max(0, Number(results[2][1])) };
  }

  /** Counts a use and says whether it stayed within the limit. */
  async tryConsume(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const { count } = await this.hit(key, windowSeconds);
    return count <= limit;
  }

  /** Undoes one hit on each key whose window is still open (each key on its own: nothing needs them released at one instant). */
  async release(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.redis.eval(RELEASE_SCRIPT, 1, key)));
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }
}
