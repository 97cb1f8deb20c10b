import 'reflect-metadata';
import { loadEnvironment } from '@portal/config';
import type { Logger } from '@portal/logging';
import { closeRedisClient, createRedisClient, RedisClient, redisTargetOf, whenRedisReady } from '@portal/redis';
import { EphemeralRedisCluster, startEphemeralRedisCluster } from '@portal/testing';
import { IdentityEnvironment } from '../identity-environment';
import { WindowCounters } from '../redis/window-counters';
import type { SettingsService } from '../settings/settings.service';
import { LoginAttemptLimiter, LoginLockedOut } from './login-attempt-limiter';

/**
 * The sign-in attempt counters on a Redis Cluster (REDIS_CLUSTER_NODES), through the client
 * the service makes: every MULTI and script touches one key, so none is refused there.
 */
describe('LoginAttemptLimiter on a Redis Cluster', () => {
  let cluster: EphemeralRedisCluster;
  let redis: RedisClient;
  let limiter: LoginAttemptLimiter;
  const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn() };

  beforeAll(async () => {
    cluster = await startEphemeralRedisCluster();
    const environment = loadEnvironment(IdentityEnvironment, { REDIS_CLUSTER_NODES: cluster.nodes });
    redis = createRedisClient(redisTargetOf(environment), { name: 'identity-cluster-spec', profile: 'fail-fast', logger });
    if (!(await whenRedisReady(redis, 10_000))) throw new Error('no connection to the cluster');
    // The stored security setting is not what is tested: the environment's default applies.
    const settings = { security: async (_manager: unknown, fallback?: number) => ({ maxFailedLogins: fallback ?? 5 }) } as unknown as SettingsService;
    limiter = new LoginAttemptLimiter(new WindowCounters(redis), settings, redis, environment, logger as unknown as Logger);
  }, 60_000);

  afterAll(async () => {
    if (redis) await closeRedisClient(redis, 500);
    await cluster?.stop();
  });

  it('locks an account out of an address after five failures, and forgives an address its failures on success', async () => {
    const email = `cluster-${Date.now()}@example.com`;
    for (let attempt = 0; attempt < 5; attempt++) await limiter.admit(email, '203.0.113.7');
    const refused = await limiter.admit(email, '203.0.113.7').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LoginLockedOut);
    expect((refused as LoginLockedOut).decision).toMatchObject({ allowed: false, reasons: ['account_and_address'], startsLock: true });
    expect((refused as LoginLockedOut).decision.retryAfterSeconds).toBeGreaterThan(800);

    // Another address still gets in; a right password there forgives its failures (the MULTI on the
    // known addresses, the release script and the reset all run), so five more are admitted.
    for (let attempt = 0; attempt < 4; attempt++) await limiter.admit(email, '198.51.100.4');
    await (await limiter.admit(email, '198.51.100.4')).succeeded('user-1');
    for (let attempt = 0; attempt < 5; attempt++) await (await limiter.admit(email, '198.51.100.4')).notAFailure();
    for (let attempt = 0; attempt < 5; attempt++) await limiter.admit(email, '198.51.100.4');
    await expect(limiter.admit(email, '198.51.100.4')).rejects.toBeInstanceOf(LoginLockedOut);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });
});
