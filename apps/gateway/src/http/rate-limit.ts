import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from '@portal/logging';
import { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG, LOGGER, REDIS } from '../connections/tokens';
import { ApiError } from './api-error';
import { RequestHook, routedPathOf } from './request-context';

export const RATE_LIMITED = 'Too many requests. Please try again later.';
const WINDOW_MS = 60_000;

/** Which limit a request counts against; each endpoint of the auth groups has its own counter. */
export interface RateLimitRule {
  /** Part of the Redis key. */
  name: string;
  limit: number;
}

const EMAIL_SENDING_ENDPOINTS = new Set(['/api/v1/auth/signup', '/api/v1/auth/resend-confirmation', '/api/v1/auth/password-reset']);
const SESSION_ENDPOINTS = new Set(['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/auth/login/mfa', '/api/v1/auth/login/mfa/enrol']);

/** The rule for a request, or null outside the API (health probes, the web app's files). */
export function rateLimitRule(method: string, path: string, config: GatewayConfig): RateLimitRule | null {
  // Routing ignores case and a trailing slash, so the rule must too.
  const normalised = path.toLowerCase().replace(/\/+$/, '');
  if (normalised !== '/api' && !normalised.startsWith('/api/')) return null;
  const environment = config.environment;
  if (method === 'POST' && EMAIL_SENDING_ENDPOINTS.has(normalised)) {
    return { name: normalised.slice('/api/v1/auth/'.length), limit: environment.RATE_LIMIT_AUTH_EMAIL_PER_MINUTE };
  }
  if (method === 'POST' && SESSION_ENDPOINTS.has(normalised)) {
    return { name: normalised.slice('/api/v1/auth/'.length), limit: environment.RATE_LIMIT_AUTH_SESSION_PER_MINUTE };
  }
  return { name: 'api', limit: environment.RATE_LIMIT_API_PER_MINUTE };
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/** INCR, and PEXPIRE on the window's first hit: one atomic round trip instead of MULTI/INCR/PEXPIRE/EXEC. */
export const RATE_LIMIT_HIT_SCRIPT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;
const HIT_COMMAND = 'gatewayRateLimitHit';

interface RateLimitCommands {
  [HIT_COMMAND](key: string, windowMs: number): Promise<number>;
}

/**
 * Fixed one-minute windows counted in Redis (one script: INCR, then PEXPIRE when the
 * window starts), keyed by rule, client address and window number, so every gateway
 * replica shares the same counters.
 */
@Injectable()
export class RateLimiter {
  private lastWarning = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // Sent as EVALSHA (the script text only when Redis does not know it yet).
    if (!(HIT_COMMAND in redis)) redis.defineCommand(HIT_COMMAND, { numberOfKeys: 1, lua: RATE_LIMIT_HIT_SCRIPT });
  }

  async consume(rule: RateLimitRule, client: string, now = Date.now()): Promise<RateLimitDecision> {
    const window = Math.floor(now / WINDOW_MS);
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    const key = `gateway:rate-limit:${rule.name}:${client}:${window}`;
    try {
      const count = await (this.redis as unknown as RateLimitCommands)[HIT_COMMAND](key, WINDOW_MS);
      return { allowed: Number(count) <= rule.limit, retryAfterSeconds };
    } catch (error) {
      // Fail open: a Redis outage must not take the whole API down; identity still
      // limits failed sign-ins itself, and readiness reports Redis as down.
      if (Date.now() - this.lastWarning > 10_000) {
        this.lastWarning = Date.now();
        this.logger.warn({ redis: error instanceof Error ? error.message : String(error) }, 'rate limiting skipped: Redis unavailable');
      }
      return { allowed: true, retryAfterSeconds };
    }
  }

  hook(): RequestHook {
    return (request, _reply, done) => {
      const rule = rateLimitRule(request.method, routedPathOf(request), this.config);
      if (!rule) return done();
      this.consume(rule, request.ip ?? 'unknown').then(
        ({ allowed, retryAfterSeconds }) => done(allowed ? undefined : ApiError.of(429, RATE_LIMITED, { code: 'rate_limited', retryAfterSeconds })),
        done,
      );
    };
  }
}
