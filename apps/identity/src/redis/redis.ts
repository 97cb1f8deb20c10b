import type { Redis } from 'ioredis';

/** Injection token of the service's ioredis client. */
export const REDIS = Symbol('REDIS');

/** Health check: the service can reach Redis (sign-in limits and session revocation live there). */
export function redisHealthCheck(redis: Redis) {
  return { name: 'redis', check: async () => void (await redis.ping()) };
}
