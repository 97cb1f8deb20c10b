import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import { ConfigurationError, IsIntInRange, loadEnvironment, parseFlag, resolveJwtKeys, ServiceEnvironment } from '@portal/config';
import { CommandKeys, resolveCommandKeys } from '@portal/messaging';

/** Fastify's `trustProxy` values (as Express's `trust proxy`): true/false or addresses / subnets / named ranges; never a bare hop count. */
const TRUST_PROXY_PATTERN = /^(?!\d+$)(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/;

/**
 * The gateway's variables. Each has an explicit type: class-transformer converts the
 * environment's strings by the emitted design type, which an inferred type leaves as Object.
 */
export class GatewayEnvironment extends ServiceEnvironment {
  @IsIntInRange(1, 65_535)
  PORT: number = 3000;

  /** Largest JSON body accepted (bytes units of the `bytes` package: 100kb, 1mb). */
  @Matches(/^\d+(\.\d+)?(b|kb|mb)$/i, { message: 'must be a size such as 100kb or 1mb' })
  BODY_LIMIT: string = '100kb';

  /** Set behind a load balancer or ingress so the client address (rate limits, audit) comes from X-Forwarded-For. */
  @Matches(TRUST_PROXY_PATTERN, {
    message:
      'must be true, false, or a comma-separated list of the proxies\' addresses, subnets or ranges (loopback, linklocal, uniquelocal); a hop count cannot tell a proxy from a client and is refused',
  })
  TRUST_PROXY: string = 'false';

  /** The built web app (apps/web/dist) to serve, with the SPA fallback; unset in development (Vite serves it). */
  @IsOptional()
  @IsString()
  WEB_DIST_DIR?: string;

  /** Per client address and minute: sign-up, resend-confirmation and password-reset (each sends email). */
  @IsIntInRange(1)
  RATE_LIMIT_AUTH_EMAIL_PER_MINUTE: number = 20;

  /**
   * How long a request that makes identity hash a password (sign-in, sign-up, new or changed
   * password) may wait. Identity hashes a few at a time (argon2 is memory-hard), so a burst of
   * sign-ins queues there: it must not meet the ordinary service wait and fail with 504.
   */
  @IsIntInRange(1000)
  PASSWORD_CHECK_WAIT_MS: number = 30_000;

  /** Per client address and minute: sign-in and session refresh (identity limits failed sign-ins per account itself). */
  @IsIntInRange(1)
  RATE_LIMIT_AUTH_SESSION_PER_MINUTE: number = 60;

  /** Per client address and minute: every other /api request. */
  @IsIntInRange(1)
  RATE_LIMIT_API_PER_MINUTE: number = 600;

  /**
   * Per client address and minute, on top of the general limit: file exports (`format=csv|xlsx`
   * on the API's lists and reports, and GET /api/v1/me/export), all counted together. Each
   * streams up to 100,000 rows.
   */
  @IsIntInRange(1)
  RATE_LIMIT_EXPORTS_PER_MINUTE: number = 10;

  /** Per client address and minute, on top of the general limit: notification broadcasts (each writes to every customer in its audience). */
  @IsIntInRange(1)
  RATE_LIMIT_BROADCASTS_PER_MINUTE: number = 5;

  /**
   * Live-update streams (GET /api/v1/events) one user may hold open on one replica: one a
   * tab. Each holds a socket and memory for as long as the access token lives, so a script
   * with one session must not open thousands; past this, a new one is refused with 429.
   */
  @IsIntInRange(1)
  REALTIME_STREAMS_PER_USER: number = 10;

  /** How long a role's admin permissions are reused before identity is asked again (a roles change event forgets them sooner). */
  @IsIntInRange(0, 60_000)
  ADMIN_PERMISSIONS_CACHE_MS: number = 5_000;

  /** A client must send its request headers within this time, or the connection is closed. */
  @IsIntInRange(1_000)
  HTTP_HEADERS_TIMEOUT_MS: number = 15_000;

  /** A client must send its whole request (a 10 MB upload on a slow line included) within this time: 408 otherwise. */
  @IsIntInRange(1_000)
  HTTP_REQUEST_TIMEOUT_MS: number = 120_000;

  /**
   * A request body (an upload included) that stops arriving, no byte for this long, is
   * answered 408 and its connection closed; a slow but steady one is bounded by HTTP_REQUEST_TIMEOUT_MS only.
   */
  @IsIntInRange(1_000)
  HTTP_BODY_TIMEOUT_MS: number = 30_000;

  /**
   * How long an idle keep-alive connection stays open. Longer than the idle time-out of the
   * proxies in front (60 s for most load balancers and ingress controllers), so a proxy never
   * sends a request down a connection the gateway has just closed (a 502, or a client's
   * "other side closed" when its pool reuses it).
   */
  @IsIntInRange(1_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS: number = 65_000;

  /**
   * Swagger UI at /api/docs and the OpenAPI document at /api/docs-json. Unset: on in
   * development and tests (the API client and the fuzzing tests read the document), off in
   * production, where it would hand every route and schema to anyone who asks.
   */
  @IsOptional()
  @Transform(parseFlag)
  @IsBoolean({ message: 'must be true or false' })
  API_DOCS_ENABLED?: boolean;

  /**
   * The web app's source maps (*.map beside its bundles). Unset: served in development and
   * tests, 404 in production, where they would publish the app's source.
   */
  @IsOptional()
  @Transform(parseFlag)
  @IsBoolean({ message: 'must be true or false' })
  SOURCE_MAPS_ENABLED?: boolean;
}

/** The validated environment plus what is derived from it at start. */
export interface GatewayConfig {
  environment: GatewayEnvironment;
  /** PEM of the RS256 key identity signs access tokens with. */
  jwtPublicKey: string;
  /** The gateway's key for signing commands and the keys services trust (resolved from the environment when absent). */
  commandKeys?: CommandKeys;
}

/**
 * Reads and checks everything the gateway needs before anything connects, so a bad
 * variable stops the process with its name instead of failing on the first request.
 */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const environment = loadEnvironment(GatewayEnvironment, env);
  if (environment.WEB_DIST_DIR) {
    environment.WEB_DIST_DIR = resolve(environment.WEB_DIST_DIR);
    if (!existsSync(join(environment.WEB_DIST_DIR, 'index.html'))) {
      throw new ConfigurationError([`WEB_DIST_DIR (bad value): ${environment.WEB_DIST_DIR} has no index.html; build the web app first`]);
    }
  }
  const { publicKey } = resolveJwtKeys({ nodeEnv: environment.NODE_ENV, needPrivateKey: false, env, keysDir: environment.JWT_KEYS_DIR });
  return { environment, jwtPublicKey: publicKey, commandKeys: resolveCommandKeys('gateway', environment) };
}

/**
 * The `trustProxy` setting (proxy-addr, as Express's `trust proxy`) for TRUST_PROXY. No hop
 * count: Fastify ignores one since 5.12 (it would trust X-Forwarded-For from any peer, so a
 * client reaching the gateway directly could choose its own address), so it is refused at
 * start rather than silently trusting nothing.
 */
export function trustProxySetting(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value.split(',').map((part) => part.trim());
}

/** Whether Swagger UI and the OpenAPI document are served: API_DOCS_ENABLED, else everywhere but production. */
export function apiDocsEnabled(environment: GatewayEnvironment): boolean {
  return environment.API_DOCS_ENABLED ?? environment.NODE_ENV !== 'production';
}

/** Whether the web app's source maps are served: SOURCE_MAPS_ENABLED, else everywhere but production. */
export function sourceMapsEnabled(environment: GatewayEnvironment): boolean {
  return environment.SOURCE_MAPS_ENABLED ?? environment.NODE_ENV !== 'production';
}

/** Whether the public address is https, which decides Secure cookies, HSTS and upgrade-insecure-requests. */
export function servedOverHttps(environment: GatewayEnvironment): boolean {
  return environment.WEB_URL.startsWith('https://');
}
