import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { revokedSessionKey } from '@portal/contracts';
import { clusterSlotOf, revocationMarkKey } from '@portal/redis';
import { EphemeralServer, startEphemeralRedis } from '@portal/testing';
import { SessionRevocations } from './session-revocations';

/** Reading identity's revocation marks: bucketed names, one cluster slot per MGET, and the old names for one release. */
describe('SessionRevocations', () => {
  let server: EphemeralServer;
  let redis: Redis;
  let revocations: SessionRevocations;

  beforeAll(async () => {
    server = await startEphemeralRedis();
    redis = new Redis(server.url);
    revocations = new SessionRevocations(redis);
  });

  afterAll(async () => {
    redis?.disconnect();
    await server?.stop();
  });

  it('honours a mark under the bucketed name and, while the migration lasts, one under the old name', async () => {
    const [current, legacy, live] = [randomUUID(), randomUUID(), randomUUID()];
    await redis.set(revocationMarkKey(current), 'suspended', 'EX', 60);
    await redis.set(revokedSessionKey(legacy), 'password_reset', 'EX', 60);

    expect(await revocations.revocationOf(current)).toBe('suspended');
    expect(await revocations.revocationOf(legacy)).toBe('password_reset');
    expect(await revocations.revocationOf(live)).toBeNull();
    expect(await revocations.revocationsOf([live, legacy, current])).toEqual([null, 'password_reset', 'suspended']);
  });

  it('reads thousands of sessions in their order, each MGET of bucketed names within one cluster slot', async () => {
    const sessionIds = Array.from({ length: 2_500 }, () => randomUUID());
    const revoked = new Set(sessionIds.filter((_, index) => index % 7 === 0));
    await Promise.all([...revoked].map((sessionId) => redis.set(revocationMarkKey(sessionId), 'deleted', 'EX', 60)));
    const reads: string[][] = [];
    const mget = jest.spyOn(redis, 'mget').mockImplementation(function (this: Redis, ...keys: unknown[]) {
      reads.push(keys.flat() as string[]);
      return Redis.prototype.mget.apply(this, keys as Parameters<Redis['mget']>);
    } as Redis['mget']);

    try {
      expect(await revocations.revocationsOf(sessionIds)).toEqual(sessionIds.map((sessionId) => (revoked.has(sessionId) ? 'deleted' : null)));
    } finally {
      mget.mockRestore();
    }
    const bucketed = reads.filter((keys) => keys.every((key) => key.includes('{rev:')));
    expect(bucketed.flat()).toHaveLength(sessionIds.length);
    for (const keys of bucketed) expect(new Set(keys.map(clusterSlotOf)).size).toBe(1);
    for (const keys of reads) expect(keys.length).toBeLessThanOrEqual(1_000);
  });
});
