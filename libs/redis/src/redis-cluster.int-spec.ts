import { randomUUID } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Job, Queue, Worker } from 'bullmq';
import { Cluster } from 'ioredis';
import { loadEnvironment, ServiceEnvironment } from '@portal/config';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { EphemeralRedisCluster, startEphemeralRedisCluster } from '@portal/testing';
import { clusterSlotOf } from './cluster-slot';
import { closeRedisClient, createRedisClient, RedisClient, RedisProfile, redisHealthCheck, redisTargetOf, whenRedisReady } from './redis-client';
import { REDIS_CLIENT, RedisModule } from './redis.module';
import { REVOCATION_BUCKETS, revocationBucketOf, revocationMarkKey } from './session-revocation-keys';

function fakeLogger() {
  return { info: jest.fn(), warn: jest.fn() };
}

/** A session id in each revocation bucket. */
function sessionPerBucket(): string[] {
  const found = new Map<number, string>();
  while (found.size < REVOCATION_BUCKETS) {
    const sessionId = randomUUID();
    if (!found.has(revocationBucketOf(sessionId))) found.set(revocationBucketOf(sessionId), sessionId);
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, sessionId]) => sessionId);
}

/**
 * The clients the services make (createRedisClient, RedisModule, BullMQ on them) against a
 * real three-master Redis Cluster of the test's own, named by REDIS_CLUSTER_NODES.
 */
describe('Redis clients on a Redis Cluster', () => {
  let cluster: EphemeralRedisCluster;
  let environment: ServiceEnvironment;
  const clients: RedisClient[] = [];

  async function readyClient(name: string, profile: RedisProfile): Promise<RedisClient> {
    const client = createRedisClient(redisTargetOf(environment), { name, profile, logger: fakeLogger() });
    clients.push(client);
    if (!(await whenRedisReady(client, 10_000))) throw new Error(`${name} did not connect to the cluster`);
    return client;
  }

  /** The port of the master serving a slot, from the cluster's own slot map. */
  async function masterPortOf(client: RedisClient, slot: number): Promise<number> {
    const ranges = (await client.call('CLUSTER', 'SLOTS')) as [number, number, [string, number, ...unknown[]], ...unknown[]][];
    const range = ranges.find(([from, to]) => slot >= from && slot <= to);
    if (!range) throw new Error(`no master serves slot ${slot}`);
    return Number(range[2][1]);
  }

  beforeAll(async () => {
    cluster = await startEphemeralRedisCluster();
    // One node is enough to start from: the client learns the others. REDIS_URL gives no address here.
    environment = loadEnvironment(ServiceEnvironment, { REDIS_URL: 'redis://unused.invalid:6379', REDIS_CLUSTER_NODES: cluster.nodes.split(',')[0] });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => closeRedisClient(client, 500)));
    await cluster?.stop();
  });

  it('connects as a Cluster client from one named node and learns every master', async () => {
    for (const profile of ['fail-fast', 'blocking'] as const) {
      const client = await readyClient(`spec-cluster-${profile}`, profile);
      expect(client).toBeInstanceOf(Cluster);
      expect((client as Cluster).nodes('master').map((node) => node.options.port).sort()).toEqual([...cluster.ports].sort());
      await expect(redisHealthCheck(client).check()).resolves.toBeUndefined();
    }
  });

  it('keeps each revocation bucket in one slot, reads a bucket in one MGET, and spreads the buckets over the masters', async () => {
    const client = await readyClient('spec-cluster-revocations', 'fail-fast');
    const sessions = sessionPerBucket();
    // As identity marks a session revoked (one SET per key) ...
    await Promise.all(sessions.map((sessionId) => client.set(revocationMarkKey(sessionId), 'suspended', 'EX', 60)));
    const masters = new Set<number>();
    for (const sessionId of sessions) {
      const key = revocationMarkKey(sessionId);
      // The slot computed here is the one the cluster computes.
      expect(await client.call('CLUSTER', 'KEYSLOT', key)).toBe(clusterSlotOf(key));
      masters.add(await masterPortOf(client, clusterSlotOf(key)));
      // ... and as the gateway reads a bucket: one MGET of several sessions of the bucket.
      const neighbour = (() => {
        for (;;) {
          const candidate = randomUUID();
          if (revocationBucketOf(candidate) === revocationBucketOf(sessionId)) return candidate;
        }
      })();
      expect(await client.mget(revocationMarkKey(sessionId), revocationMarkKey(neighbour))).toEqual(['suspended', null]);
    }
    expect(masters.size).toBe(cluster.ports.length);
    // Keys without a shared tag cannot be read together: what the layout avoids.
    const [a, b] = [sessions[0], sessions.find((sessionId) => clusterSlotOf(`plain:${sessionId}`) !== clusterSlotOf(`plain:${sessions[0]}`))!];
    await expect(client.mget(`plain:${a}`, `plain:${b}`)).rejects.toThrow(/CROSSSLOT/);
  });

  it('comes from RedisModule as a Cluster client when the service environment names REDIS_CLUSTER_NODES, and is closed at shutdown', async () => {
    @Global()
    @Module({ providers: [{ provide: SERVICE_ENVIRONMENT, useValue: environment }, { provide: LOGGER, useValue: fakeLogger() }], exports: [SERVICE_ENVIRONMENT, LOGGER] })
    class FakeRuntimeModule {}
    @Module({ imports: [FakeRuntimeModule, RedisModule.register({ name: 'spec-cluster-module', profile: 'fail-fast' })] })
    class AppModule {}
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    const client = app.get<RedisClient>(REDIS_CLIENT);
    try {
      expect(client).toBeInstanceOf(Cluster);
      expect(client.status).toBe('ready');
      await client.set('spec-cluster:module', 'written through the module', 'EX', 60);
      expect(await client.get('spec-cluster:module')).toBe('written through the module');
    } finally {
      await app.close();
    }
    expect(client.status).toBe('end');
  });

  it('runs a BullMQ queue and worker under a hash-tagged prefix, and a prefix without a tag fails there', async () => {
    const [producer, workerConnection] = await Promise.all([readyClient('spec-cluster-producer', 'fail-fast'), readyClient('spec-cluster-worker', 'blocking')]);
    const name = `cluster-spec-${randomUUID()}`;
    const queue = new Queue(name, { connection: producer, prefix: '{bull}' });
    const processed: string[] = [];
    const worker = new Worker(
      name,
      async (job: Job<{ to: string }>) => {
        processed.push(job.data.to);
        return `sent to ${job.data.to}`;
      },
      { connection: workerConnection, prefix: '{bull}' },
    );
    const completed = new Promise<unknown>((resolve, reject) => {
      worker.once('completed', (_job, result) => resolve(result));
      worker.once('failed', (_job, error) => reject(error));
    });
    try {
      await queue.add('email', { to: 'customer@example.com' });
      expect(await completed).toBe('sent to customer@example.com');
      expect(processed).toEqual(['customer@example.com']);
      expect(await queue.getJobCounts('completed')).toEqual({ completed: 1 });

      // Without a tag a queue's keys fall into different slots and its scripts are refused.
      const untagged = new Queue(name, { connection: producer, prefix: 'bull' });
      try {
        await expect(untagged.add('email', { to: 'customer@example.com' })).rejects.toThrow(/CROSSSLOT/);
      } finally {
        await untagged.close();
      }
    } finally {
      await worker.close();
      await queue.close();
    }
  }, 30_000);
});
