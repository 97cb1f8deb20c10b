import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import { loadEnvironment, ServiceEnvironment } from '@portal/config';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { freePort, waitForPort } from '@portal/testing';
import { closeRedisClient, createRedisClient, RedisClient, redisTargetOf, whenRedisReady } from './redis-client';
import { REDIS_CLIENT, RedisModule } from './redis.module';

const GROUP = 'portal-primary';
const POLL_MS = 50;
/** The gateway's rate-limit script (apps/gateway rate-limit.ts): INCR, and PEXPIRE on the window's first hit. */
const HIT_SCRIPT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

function fakeLogger() {
  return { info: jest.fn(), warn: jest.fn() };
}

/** Polls `attempt` until it returns a value (errors count as "not yet"), or fails after `timeoutMs`. */
async function eventually<T>(attempt: () => Promise<T | null>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await attempt();
      if (value !== null) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${what} not within ${timeoutMs} ms${last instanceof Error ? ` (last error: ${last.message})` : ''}`);
}

/** The port of the server a client is connected to (INFO server's tcp_port). */
async function serverPortOf(client: RedisClient): Promise<number> {
  return Number(/tcp_port:(\d+)/.exec(await client.info('server'))?.[1]);
}

/**
 * A primary, its replica and one sentinel watching them, each a redis-server of the test's
 * own on a free port (the sentinel with the writable configuration file it insists on).
 */
describe('a Redis client through Sentinel', () => {
  const processes: ChildProcess[] = [];
  const clients: RedisClient[] = [];
  let dir: string;
  let primaryPort: number;
  let replicaPort: number;
  let sentinel: Redis;
  let environment: ServiceEnvironment;

  function start(args: string[]): void {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    processes.push(child);
  }

  /** A direct connection to one server, for the test's own looks (not the client under test). */
  function direct(port: number, db = 0): Redis {
    const client = new Redis({ port, host: '127.0.0.1', db, lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-test-sentinel-'));
    [primaryPort, replicaPort] = [await freePort(), await freePort()];
    const sentinelPort = await freePort();
    const server = (port: number) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--dbfilename', `dump-${port}.rdb`];
    start(server(primaryPort));
    start([...server(replicaPort), '--replicaof', '127.0.0.1', String(primaryPort)]);
    await Promise.all([waitForPort(primaryPort), waitForPort(replicaPort)]);
    // The sentinel learns of the replica from the primary's INFO, so the replica is linked first.
    const replica = direct(replicaPort);
    await eventually(async () => ((await replica.info('replication')).includes('master_link_status:up') ? true : null), 10_000, 'the replica linked to the primary');

    const conf = join(dir, 'sentinel.conf');
    writeFileSync(
      conf,
      [
        `port ${sentinelPort}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${GROUP} 127.0.0.1 ${primaryPort} 1`,
        `sentinel down-after-milliseconds ${GROUP} 1000`,
        `sentinel failover-timeout ${GROUP} 5000`,
        '',
      ].join('\n'),
    );
    start([conf, '--sentinel']);
    await waitForPort(sentinelPort);
    sentinel = direct(sentinelPort);
    await eventually(
      async () => {
        const replicas = (await sentinel.call('SENTINEL', 'REPLICAS', GROUP)) as string[][];
        return replicas.some((fields) => fields.join(' ').includes(`port ${replicaPort}`) && fields.join(' ').includes('master-link-status ok')) ? true : null;
      },
      15_000,
      'the sentinel knowing the replica',
    );
    // What a deployment sets; the URL names no address the client uses, only the database.
    environment = loadEnvironment(ServiceEnvironment, { REDIS_URL: 'redis://unused.invalid:6379/3', REDIS_SENTINELS: `127.0.0.1:${sentinelPort}`, REDIS_SENTINEL_NAME: GROUP });
  }, 30_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => closeRedisClient(client, 500)));
    for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(processes.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("gives a service's RedisModule the primary its environment's sentinels name", async () => {
    @Global()
    @Module({ providers: [{ provide: SERVICE_ENVIRONMENT, useValue: environment }, { provide: LOGGER, useValue: fakeLogger() }], exports: [SERVICE_ENVIRONMENT, LOGGER] })
    class FakeRuntimeModule {}
    @Module({ imports: [FakeRuntimeModule, RedisModule.register({ name: 'spec-sentinel-module', profile: 'fail-fast' })] })
    class AppModule {}
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
    try {
      const client = app.get<Redis>(REDIS_CLIENT);
      expect(client.status).toBe('ready');
      expect(await serverPortOf(client)).toBe(primaryPort);
    } finally {
      await app.close();
    }
  });

  it('connects to the primary the sentinels name, and after a failover writes to and reads from the new primary', async () => {
    const failFast = createRedisClient(redisTargetOf(environment), { name: 'spec-sentinel-fail-fast', profile: 'fail-fast', logger: fakeLogger() });
    const blocking = createRedisClient(redisTargetOf(environment), { name: 'spec-sentinel-blocking', profile: 'blocking', logger: fakeLogger() });
    clients.push(failFast, blocking);
    // A one-key script sent as EVALSHA, as the gateway's rate limiter does: the new primary
    // has never seen it, so it must be loaded again there.
    failFast.defineCommand('specHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    const hit = (key: string) => (failFast as unknown as { specHit(key: string, windowMs: number): Promise<number> }).specHit(key, 60_000);
    expect(await whenRedisReady(failFast, 5_000)).toBe(true);
    expect(await serverPortOf(failFast)).toBe(primaryPort);
    await failFast.set('sentinel-spec:before', 'written on the first primary');
    expect(await hit('sentinel-spec:hits')).toBe(1);
    // Replicated before the switch, so the new primary has it.
    expect(await failFast.wait(1, 2_000)).toBe(1);
    // REDIS_URL's database applies through Sentinel too.
    expect(await direct(primaryPort, 3).get('sentinel-spec:before')).toBe('written on the first primary');

    expect(await sentinel.call('SENTINEL', 'FAILOVER', GROUP)).toBe('OK');
    const started = Date.now();

    // The old primary stays up (and writable until the sentinel demotes it, seconds later):
    // the client must leave it because a sentinel announced the new one. Meanwhile the
    // fail-fast client refuses commands while it reconnects, as in any outage.
    // While the sentinels settle, the client can be moved more than once (each announcement of
    // the new primary may drop the connection it has just made): a command refused in that
    // window was never sent, so each is tried again until it is answered by the new primary.
    await eventually(async () => ((await serverPortOf(failFast)) === replicaPort ? true : null), 10_000, 'the fail-fast client on the new primary');
    await eventually(async () => {
      await failFast.set('sentinel-spec:after', 'written on the new primary');
      return (await serverPortOf(failFast)) === replicaPort ? true : null;
    }, 10_000, 'a write through the fail-fast client on the new primary');
    expect(await eventually(() => failFast.get('sentinel-spec:after'), 5_000, 'a read of the write')).toBe('written on the new primary');
    expect(await eventually(() => failFast.get('sentinel-spec:before'), 5_000, 'a read of the replicated key')).toBe('written on the first primary');
    expect(await eventually(() => hit('sentinel-spec:hits'), 5_000, 'the rate-limit script on the new primary')).toBe(2);
    expect(await direct(replicaPort, 3).get('sentinel-spec:after')).toBe('written on the new primary');

    // The blocking client (BullMQ's kind) follows too: its commands wait, then land on the new primary.
    await eventually(async () => ((await serverPortOf(blocking)) === replicaPort ? true : null), 10_000, 'the blocking client on the new primary');
    await blocking.set('sentinel-spec:blocking', 'also on the new primary');
    expect(await direct(replicaPort, 3).get('sentinel-spec:blocking')).toBe('also on the new primary');
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);
});
