import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { loadEnvironment } from '@portal/config';
import type { Logger } from '@portal/logging';
import { closeRedisClient, createRedisClient, RedisClient, redisTargetOf, revocationMarkKey, whenRedisReady } from '@portal/redis';
import { EphemeralRedisCluster, startEphemeralRedisCluster } from '@portal/testing';
import { SessionRevocations } from '../auth/session-revocations';
import { GatewayEnvironment } from '../config/gateway-environment';
import { RateLimiter } from '../http/rate-limit';

/**
 * The gateway's Redis work on a Redis Cluster (REDIS_CLUSTER_NODES), through the client it
 * makes: revocation marks read a bucket per MGET, and the rate-limit script counts.
 */
describe('the gateway on a Redis Cluster', () => {
  let cluster: EphemeralRedisCluster;
  let redis: RedisClient;
  const logger = { warn: jest.fn(), info: jest.fn() };

  beforeAll(async () => {
    cluster = await startEphemeralRedisCluster();
    const environment = loadEnvironment(GatewayEnvironment, { REDIS_CLUSTER_NODES: cluster.nodes });
    redis = createRedisClient(redisTargetOf(environment), { name: 'gateway-cluster-spec', profile: 'fail-fast', logger, enableAutoPipelining: true });
    if (!(await whenRedisReady(redis, 10_000))) throw new Error('no connection to the cluster');
  }, 60_000);

  afterAll(async () => {
    if (redis) await closeRedisClient(redis, 500);
    await cluster?.stop();
  });

  it('reads the revocation marks of thousands of sessions in their order (the old untagged names are not read there)', async () => {
    const revocations = new SessionRevocations(redis);
    const sessionIds = Array.from({ length: 2_000 }, () => randomUUID());
    const revoked = sessionIds.filter((_, index) => index % 5 === 0);
    await Promise.all(revoked.map((sessionId) => redis.set(revocationMarkKey(sessionId), 'password_changed', 'EX', 60)));
    const expected = sessionIds.map((sessionId, index) => (index % 5 === 0 ? 'password_changed' : null));
    expect(await revocations.revocationsOf(sessionIds)).toEqual(expected);
    expect(await revocations.revocationOf(revoked[0])).toBe('password_changed');
    expect(await revocations.revocationOf(sessionIds[1])).toBeNull();
  });

  it('counts requests against a rule and refuses the one over the limit', async () => {
    const limiter = new RateLimiter(redis, { environment: new GatewayEnvironment(), jwtPublicKey: 'unused' }, logger as unknown as Logger);
    const rule = { name: 'login', limit: 3 };
    const now = Date.now();
    const decisions = [];
    for (let request = 0; request < 4; request++) decisions.push((await limiter.consume(rule, '203.0.113.9', now)).allowed);
    expect(decisions).toEqual([true, true, true, false]);
    // Fail-open would also answer "allowed": no warning means Redis really counted.
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
