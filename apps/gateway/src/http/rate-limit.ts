import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@portal/logging';
import type { RedisClient } from '@portal/redis';
import { GatewayConfig } from '../config/gateway-environment';
import { GATEWAY_CONFIG, LOGGER, REDIS } from '../connections/tokens';
import { ApiError } from './api-error';
import { RequestHook, routedPathOf } from './request-context';

const WINDOW_MS = 60_000;

/** A limit a request counts against; each endpoint of the auth groups has its own counter. */
export interface RateLimitRule {
  /** Part of the Redis key. */
  name: string;
  limit: number;
}

const EMAIL_SENDING_ENDPOINTS = new Set(['/api/v1/auth/signup', '/api/v1/auth/resend-confirmation', '/api/v1/auth/password-reset']);
const SESSION_ENDPOINTS = new Set(['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/auth/login/mfa', '/api/v1/auth/login/mfa/enrol', '/api/v1/auth/passkeys/options', '/api/v1/auth/passkeys/sign-in', '/api/v1/auth/reauthenticate']);
/** The customer's own data as one file (GET; HEAD runs the same handler). */
const ACCOUNT_EXPORT_ENDPOINT = '/api/v1/me/export';
/** A monthly statement (issue 28): a PDF made from a month of postings. */
const STATEMENTS_PREFIX = '/api/v1/statements/';
/** Writes a notification for every customer in the audience. */
const BROADCAST_ENDPOINT = '/api/v1/admin/notifications/broadcast';
const EXPORT_FORMATS = new Set(['csv', 'xlsx']);

/** The path as routing compares it: case and trailing slashes ignored. */
function normalisedPath(path: string): string {
  return path.toLowerCase().replace(/\/+$/, '');
}

function isApi(normalised: string): boolean {
  return normalised === '/api' || normalised.startsWith('/api/');
}

/** Whether the query asks for a file (`format=csv|xlsx`, in any case, as one of repeated values too). */
function asksForFile(query: unknown): boolean {
  if (!query || typeof query !== 'object') return false;
  const format = (query as Record<string, unknown>).format;
  const values = Array.isArray(format) ? format : [format];
  return values.some((value) => typeof value === 'string' && EXPORT_FORMATS.has(value.trim().toLowerCase()));
}

/** The rule for a request, or null outside the API (health probes, the web app's files). */
export function rateLimitRule(method: string, path: string, config: GatewayConfig): RateLimitRule | null {
  // Routing ignores case and a trailing slash, so the rule must too.
  const normalised = normalisedPath(path);
  if (!isApi(normalised)) return null;
  const environment = config.environment;
  if (method === 'POST' && EMAIL_SENDING_ENDPOINTS.has(normalised)) {
    return { name: normalised.slice('/api/v1/auth/'.length), limit: environment.RATE_LIMIT_AUTH_EMAIL_PER_MINUTE };
  }
  if (method === 'POST' && SESSION_ENDPOINTS.has(normalised)) {
    return { name: normalised.slice('/api/v1/auth/'.length), limit: environment.RATE_LIMIT_AUTH_SESSION_PER_MINUTE };
  }
  return { name: 'api', limit: environment.RATE_LIMIT_API_PER_MINUTE };
}

/**
 * The heavy operations' own limit, counted in addition to rateLimitRule's: a file export
 * (`?format=csv|xlsx` on any API read, or the customer's `GET /api/v1/me/export`) streams
 * up to 100,000 rows, a monthly statement (`GET /api/v1/statements/:month`) is a PDF drawn
 * from a month of postings, and a broadcast writes to every customer. All exports of an
 * address share one counter, all broadcasts another. Null for anything else.
 */
export function heavyRateLimitRule(method: string, path: string, query: unknown, config: GatewayConfig): RateLimitRule | null {
  const normalised = normalisedPath(path);
  if (!isApi(normalised)) return null;
  const environment = config.environment;
  if (method === 'POST' && normalised === BROADCAST_ENDPOINT) return { name: 'broadcasts', limit: environment.RATE_LIMIT_BROADCASTS_PER_MINUTE };
  if ((method === 'GET' || method === 'HEAD') && (normalised === ACCOUNT_EXPORT_ENDPOINT || normalised.startsWith(STATEMENTS_PREFIX) || asksForFile(query))) {
    return { name: 'exports', limit: environment.RATE_LIMIT_EXPORTS_PER_MINUTE };
  }
  return null;
}

/** Every limit a request counts against, the general one first. */
export function rateLimitRules(method: string, path: string, query: unknown, config: GatewayConfig): RateLimitRule[] {
  const general = rateLimitRule(method, path, config);
  if (!general) return [];
  const heavy = heavyRateLimitRule(method, path, query, config);
  return heavy ? [general, heavy] : [general];
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
    @Inject(REDIS) private readonly redis: RedisClient,
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
      const rules = rateLimitRules(request.method, routedPathOf(request), request.query, this.config);
      if (rules.length === 0) return done();
      const client = request.ip ?? 'unknown';
      const refuse = ({ retryAfterSeconds }: RateLimitDecision) => ApiError.of(429, 'rate_limited', { retryAfterSeconds });
      if (rules.length === 1) {
        this.consume(rules[0], client).then((decision) => done(decision.allowed ? undefined : refuse(decision)), done);
        return;
      }
      // Every counter is hit (in one pipelined round trip): a refused export still counts against the general limit.
      Promise.all(rules.map((rule) => this.consume(rule, client))).then((decisions) => {
        const refused = decisions.find((decision) => !decision.allowed);
        done(refused ? refuse(refused) : undefined);
      }, done);
    };
  }
}
