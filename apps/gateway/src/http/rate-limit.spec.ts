import 'reflect-metadata';
import type { Redis } from 'ioredis';
import type { Logger } from '@portal/logging';
import { GatewayConfig, GatewayEnvironment } from '../config/gateway-environment';
import { RATE_LIMIT_HIT_SCRIPT, RateLimiter, rateLimitRule, rateLimitRules } from './rate-limit';

const config: GatewayConfig = { environment: new GatewayEnvironment(), jwtPublicKey: 'unused' };

describe('rateLimitRule', () => {
  it('gives each email-sending auth endpoint its own strict counter', () => {
    expect(rateLimitRule('POST', '/api/v1/auth/signup', config)).toEqual({ name: 'signup', limit: 20 });
    expect(rateLimitRule('POST', '/api/v1/auth/resend-confirmation', config)).toEqual({ name: 'resend-confirmation', limit: 20 });
    expect(rateLimitRule('POST', '/API/v1/auth/password-reset/', config)).toEqual({ name: 'password-reset', limit: 20 });
  });

  it('gives sign-in and refresh their own counters', () => {
    expect(rateLimitRule('POST', '/api/v1/auth/login', config)).toEqual({ name: 'login', limit: 60 });
    expect(rateLimitRule('POST', '/api/v1/auth/refresh', config)).toEqual({ name: 'refresh', limit: 60 });
  });

  it('counts the rest of the API together and leaves everything else alone', () => {
    expect(rateLimitRule('GET', '/api/v1/me', config)).toEqual({ name: 'api', limit: 600 });
    expect(rateLimitRule('GET', '/api/v1/auth/login', config)).toEqual({ name: 'api', limit: 600 });
    expect(rateLimitRule('GET', '/api/docs', config)).toEqual({ name: 'api', limit: 600 });
    expect(rateLimitRule('GET', '/health/ready', config)).toBeNull();
    expect(rateLimitRule('GET', '/app/dashboard', config)).toBeNull();
    expect(rateLimitRule('GET', '/apis', config)).toBeNull();
  });
});

describe('rateLimitRules', () => {
  const general = { name: 'api', limit: 600 };
  const exports = { name: 'exports', limit: 10 };
  const broadcasts = { name: 'broadcasts', limit: 5 };

  it('counts a file export against the exports limit as well as the general one, whichever list or report it comes from', () => {
    expect(rateLimitRules('GET', '/api/v1/admin/transactions', { format: 'csv' }, config)).toEqual([general, exports]);
    expect(rateLimitRules('GET', '/api/v1/admin/audit-logs', { format: 'xlsx', action: 'user_suspended' }, config)).toEqual([general, exports]);
    expect(rateLimitRules('GET', '/api/v1/admin/reports', { period: 'weekly', tab: 'financial', format: 'csv' }, config)).toEqual([general, exports]);
    expect(rateLimitRules('GET', '/api/v1/admin/users', { format: 'xlsx' }, config)).toEqual([general, exports]);
    expect(rateLimitRules('GET', '/api/v1/me/export', {}, config)).toEqual([general, exports]);
    expect(rateLimitRules('GET', '/api/v1/statements/2026-04', { currency: 'EUR' }, config)).toEqual([general, exports]);
    // HEAD runs the same handler.
    expect(rateLimitRules('HEAD', '/api/v1/admin/transactions', { format: 'csv' }, config)).toEqual([general, exports]);
  });

  it('reads the path as routing does: case, a trailing slash, a repeated or oddly written format', () => {
    expect(rateLimitRules('GET', '/API/V1/Me/Export/', {}, config)).toEqual([general, exports]);
    expect(rateLimitRules('GET', '/Api/v1/admin/Transactions/', { format: 'CSV' }, config)).toEqual([general, exports]);
    expect(rateLimitRules('GET', '/api/v1/admin/transactions', { format: ['json', 'xlsx'] }, config)).toEqual([general, exports]);
    expect(rateLimitRules('GET', '/api/v1/admin/transactions', { format: ' csv ' }, config)).toEqual([general, exports]);
  });

  it('counts a broadcast against the broadcasts limit as well as the general one', () => {
    expect(rateLimitRules('POST', '/api/v1/admin/notifications/broadcast', {}, config)).toEqual([general, broadcasts]);
    expect(rateLimitRules('POST', '/api/v1/Admin/Notifications/Broadcast/', {}, config)).toEqual([general, broadcasts]);
  });

  it('leaves ordinary requests to the general (or auth) limit alone', () => {
    expect(rateLimitRules('GET', '/api/v1/admin/transactions', {}, config)).toEqual([general]);
    expect(rateLimitRules('GET', '/api/v1/admin/transactions', { format: '' }, config)).toEqual([general]);
    expect(rateLimitRules('GET', '/api/v1/admin/transactions', { q: 'csv' }, config)).toEqual([general]);
    expect(rateLimitRules('GET', '/api/v1/me', {}, config)).toEqual([general]);
    expect(rateLimitRules('GET', '/api/v1/me/exports', {}, config)).toEqual([general]);
    expect(rateLimitRules('DELETE', '/api/v1/me/export', {}, config)).toEqual([general]);
    expect(rateLimitRules('GET', '/api/v1/admin/notifications/broadcast', {}, config)).toEqual([general]);
    expect(rateLimitRules('GET', '/api/v1/admin/notifications/stats', {}, config)).toEqual([general]);
    expect(rateLimitRules('POST', '/api/v1/auth/login', { format: 'csv' }, config)).toEqual([{ name: 'login', limit: 60 }]);
    expect(rateLimitRules('GET', '/api/v1/admin/transactions', undefined, config)).toEqual([general]);
  });

  it('limits nothing outside the API, whatever the query', () => {
    expect(rateLimitRules('GET', '/health/ready', { format: 'csv' }, config)).toEqual([]);
    expect(rateLimitRules('GET', '/app/export', { format: 'xlsx' }, config)).toEqual([]);
  });

  it('takes the limits from configuration', () => {
    const environment = Object.assign(new GatewayEnvironment(), { RATE_LIMIT_EXPORTS_PER_MINUTE: 3, RATE_LIMIT_BROADCASTS_PER_MINUTE: 1 });
    const configured: GatewayConfig = { environment, jwtPublicKey: 'unused' };
    expect(rateLimitRules('GET', '/api/v1/me/export', {}, configured)[1]).toEqual({ name: 'exports', limit: 3 });
    expect(rateLimitRules('POST', '/api/v1/admin/notifications/broadcast', {}, configured)[1]).toEqual({ name: 'broadcasts', limit: 1 });
  });
});

describe('RateLimiter.consume', () => {
  const rule = { name: 'login', limit: 2 };
  const now = Date.UTC(2026, 10, 1, 10, 0, 15); // 15 s into a minute window

  function limiterWith(hit: (key: string, windowMs: number) => Promise<number>) {
    const calls: [string, number][] = [];
    const redis = {
      defineCommand(name: string, definition: { numberOfKeys: number; lua: string }) {
        expect(definition).toEqual({ numberOfKeys: 1, lua: RATE_LIMIT_HIT_SCRIPT });
        (this as Record<string, unknown>)[name] = (key: string, windowMs: number) => (calls.push([key, windowMs]), hit(key, windowMs));
      },
    };
    const logger = { warn: jest.fn() };
    const limiter = new RateLimiter(redis as unknown as Redis, config, logger as unknown as Logger);
    return { limiter, calls, logger };
  }

  it('counts with one script call per request, keyed by rule, address and window', async () => {
    let count = 0;
    const { limiter, calls } = limiterWith(async () => ++count);
    expect(await limiter.consume(rule, '203.0.113.9', now)).toEqual({ allowed: true, retryAfterSeconds: 45 });
    expect(await limiter.consume(rule, '203.0.113.9', now)).toEqual({ allowed: true, retryAfterSeconds: 45 });
    expect(await limiter.consume(rule, '203.0.113.9', now)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(calls).toEqual(Array(3).fill([`gateway:rate-limit:login:203.0.113.9:${Math.floor(now / 60_000)}`, 60_000]));
  });

  it('lets requests through when Redis fails, warning at most every ten seconds', async () => {
    const { limiter, logger } = limiterWith(() => Promise.reject(new Error('Connection is closed.')));
    expect(await limiter.consume(rule, '203.0.113.9', now)).toEqual({ allowed: true, retryAfterSeconds: 45 });
    expect(await limiter.consume(rule, '203.0.113.9', now)).toEqual({ allowed: true, retryAfterSeconds: 45 });
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});
