/**
 * Injection token of the service's Redis client (login-failure counters, link quotas,
 * revoked-session marks); the client itself, its health check and its shutdown come
 * from @portal/redis.
 */
export const REDIS = Symbol('REDIS');
