import 'reflect-metadata';
import type { Redis } from 'ioredis';
import type { Logger } from '@portal/logging';
import { GatewayConfig, GatewayEnvironment } from '../config/gateway-environment';
import { RATE_LIMIT_HIT_SCRIPT, RateLimiter, rateLimitRule } from './rate-limit';

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
