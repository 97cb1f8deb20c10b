import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import { createServer, connect as connectTcp, Server, Socket } from 'node:net';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { EphemeralServer, freePort, startEphemeralRedis } from '@portal/testing';
import { closeRedisClient, createRedisClient, RedisClientOptions, redisHealthCheck, whenRedisReady } from './redis-client';
import { REDIS_CLIENT, RedisModule } from './redis.module';

function fakeLogger() {
  return { info: jest.fn(), warn: jest.fn() };
}

async function eventually(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; error: Error | null }> {
  const started = Date.now();
  try {
    await work();
    return { ms: Date.now() - started, error: null };
  } catch (error) {
    return { ms: Date.now() - started, error: error as Error };
  }
}

/** A TCP proxy to Redis that can be cut (an outage: connections dropped, nothing listening) and restored on the same port. */
async function startProxy(target: URL) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((downstream) => {
        const upstream = connectTcp(Number(target.port), target.hostname);
        const close = () => {
          downstream.destroy();
          upstream.destroy();
          sockets.delete(downstream);
          sockets.delete(upstream);
        };
        sockets.add(downstream).add(upstream);
        for (const socket of [downstream, upstream]) socket.on('error', close).on('close', close);
        downstream.pipe(upstream).pipe(downstream);
      });
      server.once('error', reject).listen(port, '127.0.0.1', () => resolve());
    });
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return { url: `redis://127.0.0.1:${port}`, cut, restore: listen };
}

describe('Redis client (real Redis)', () => {
  let redis: EphemeralServer;
  let downUrl: string;
  const clients: Redis[] = [];
  const track = (client: Redis) => (clients.push(client), client);
  /** A client connected and ready: a fail-fast client refuses commands until then. */
  async function readyClient(url: string, options: RedisClientOptions): Promise<Redis> {
    const client = track(createRedisClient(url, options));
    if (!(await whenRedisReady(client, 5_000))) throw new Error(`${options.name} did not connect`);
    return client;
  }

  beforeAll(async () => {
    redis = await startEphemeralRedis();
    downUrl = `redis://127.0.0.1:${await freePort()}`;
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => closeRedisClient(client)));
  });

  afterAll(async () => {
    await redis?.stop();
  });

  it('answers, passes its health check and closes', async () => {
    const client = await readyClient(redis.url, { name: 'spec-fail-fast', profile: 'fail-fast', logger: fakeLogger() });
    await client.set('spec:key', 'value');
    expect(await client.get('spec:key')).toBe('value');
    const check = redisHealthCheck(client);
    expect(check.name).toBe('redis');
    await expect(check.check()).resolves.toBeUndefined();
    expect(await client.client('GETNAME')).toBe('spec-fail-fast');

    await closeRedisClient(client);
    expect(client.status).toBe('end');
    await closeRedisClient(client); // twice is harmless
    await expect(check.check()).rejects.toThrow('Redis is not connected (end)');
  });

  it('a lazy client connects on its first command, and for its health check', async () => {
    const client = track(createRedisClient(redis.url, { name: 'spec-lazy', profile: 'fail-fast', lazyConnect: true, logger: fakeLogger() }));
    expect(client.status).toBe('wait');
    await expect(redisHealthCheck(client).check()).resolves.toBeUndefined();
    expect(client.status).toBe('ready');

    const lazy = track(createRedisClient(redis.url, { name: 'spec-lazy-2', profile: 'fail-fast', lazyConnect: true, logger: fakeLogger() }));
    expect(await lazy.incr('spec:counter')).toBeGreaterThan(0);
  });

  describe('with Redis down', () => {
    it('the fail-fast client rejects a command at once instead of waiting, and reports the outage once', async () => {
      const logger = fakeLogger();
      const client = track(createRedisClient(downUrl, { name: 'spec-down', profile: 'fail-fast', logger }));
      const { ms, error } = await timed(() => client.get('spec:key'));
      expect(error?.message).toMatch(/enableOfflineQueue/);
      expect(ms).toBeLessThan(200);

      // Several reconnection attempts (200 ms, 400 ms, ...) later, still one warning.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ redis: 'spec-down', err: expect.stringMatching(/ECONNREFUSED/) }), 'Redis connection lost; reconnecting');
      expect(logger.info).not.toHaveBeenCalled();
    });

    it('a lazy fail-fast client fails its first command within the command time-out', async () => {
      const client = track(createRedisClient(downUrl, { name: 'spec-down-lazy', profile: 'fail-fast', lazyConnect: true, commandTimeoutMs: 300, logger: fakeLogger() }));
      const { ms, error } = await timed(() => client.get('spec:key'));
      expect(error).not.toBeNull();
      expect(ms).toBeLessThan(1_000);
    });

    it.each(['fail-fast', 'blocking'] as const)('the health check of a %s client fails fast', async (profile) => {
      const client = track(createRedisClient(downUrl, { name: `spec-down-${profile}`, profile, logger: fakeLogger() }));
      const { ms, error } = await timed(() => redisHealthCheck(client).check());
      expect(error?.message).toMatch(/Redis is not connected/);
      expect(ms).toBeLessThan(100);
    });

    it('closing a client that never connected does not wait', async () => {
      const client = createRedisClient(downUrl, { name: 'spec-down-close', profile: 'blocking', logger: fakeLogger() });
      const { ms } = await timed(() => closeRedisClient(client));
      expect(client.status).toBe('end');
      expect(ms).toBeLessThan(100);
    });
  });

  it('reports an outage once and its recovery; the blocking client finishes its command after it', async () => {
    const proxy = await startProxy(new URL(redis.url));
    const failFastLogger = fakeLogger();
    const blockingLogger = fakeLogger();
    const failFast = await readyClient(proxy.url, { name: 'spec-outage-fail-fast', profile: 'fail-fast', logger: failFastLogger });
    const blocking = await readyClient(proxy.url, { name: 'spec-outage-blocking', profile: 'blocking', logger: blockingLogger });
    expect(await failFast.ping()).toBe('PONG');
    expect(await blocking.ping()).toBe('PONG');

    await proxy.cut();
    await eventually(() => failFast.status !== 'ready' && blocking.status !== 'ready');
    await expect(failFast.ping()).rejects.toThrow();
    const waiting = blocking.set('spec:outage', 'survived');
    await new Promise((resolve) => setTimeout(resolve, 800));
    for (const logger of [failFastLogger, blockingLogger]) {
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(String) }), 'Redis connection lost; reconnecting');
      expect(logger.info).not.toHaveBeenCalled();
    }

    await proxy.restore();
    await expect(waiting).resolves.toBe('OK');
    await eventually(() => failFast.status === 'ready');
    expect(await failFast.get('spec:outage')).toBe('survived');
    expect(failFastLogger.info).toHaveBeenCalledTimes(1);
    expect(failFastLogger.info).toHaveBeenCalledWith({ redis: 'spec-outage-fail-fast' }, 'Redis connection restored');
    expect(blockingLogger.info).toHaveBeenCalledWith({ redis: 'spec-outage-blocking' }, 'Redis connection restored');
    expect(failFastLogger.warn).toHaveBeenCalledTimes(1);
    await proxy.cut();
  });

  describe('RedisModule', () => {
    function runtime(environment: object, logger: object) {
      @Global()
      @Module({ providers: [{ provide: SERVICE_ENVIRONMENT, useValue: environment }, { provide: LOGGER, useValue: logger }], exports: [SERVICE_ENVIRONMENT, LOGGER] })
      class FakeRuntimeModule {}
      return FakeRuntimeModule;
    }

    it("provides a ready client from the runtime's REDIS_URL and logger, and closes it at shutdown", async () => {
      @Module({ imports: [runtime({ REDIS_URL: redis.url }, fakeLogger()), RedisModule.register({ name: 'spec-module', profile: 'fail-fast' })] })
      class AppModule {}
      const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
      const client = app.get<Redis>(REDIS_CLIENT);
      expect(client.status).toBe('ready'); // waited for at start
      expect(await client.ping()).toBe('PONG');
      await app.close();
      expect(client.status).toBe('end');
    });

    it('provides two clients under their own tokens, with a given target and logger', async () => {
      const PRODUCER = Symbol('PRODUCER');
      const WORKER = Symbol('WORKER');
      const logger = fakeLogger();
      @Module({
        imports: [
          RedisModule.register({ token: PRODUCER, target: redis.url, logger, name: 'spec-producer', profile: 'fail-fast' }),
          RedisModule.register({ token: WORKER, target: redis.url, logger, name: 'spec-worker', profile: 'blocking' }),
        ],
      })
      class AppModule {}
      const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
      const producer = app.get<Redis>(PRODUCER);
      const worker = app.get<Redis>(WORKER);
      expect(producer).not.toBe(worker);
      expect(await producer.client('GETNAME')).toBe('spec-producer');
      expect(await worker.client('GETNAME')).toBe('spec-worker');
      expect(worker.options.maxRetriesPerRequest).toBeNull();
      await app.close();
      expect([producer.status, worker.status]).toEqual(['end', 'end']);
    });

    it('starts, within its connect time-out, while Redis is down', async () => {
      @Module({ imports: [RedisModule.register({ target: downUrl, logger: fakeLogger(), name: 'spec-module-down', profile: 'fail-fast', connectTimeoutMs: 500 })] })
      class AppModule {}
      const started = Date.now();
      const app = await NestFactory.createApplicationContext(AppModule, { logger: false });
      expect(Date.now() - started).toBeLessThan(2_000);
      await expect(redisHealthCheck(app.get<Redis>(REDIS_CLIENT)).check()).rejects.toThrow(/not connected/);
      await app.close();
    });

    it('refuses to start without a target', async () => {
      @Module({ imports: [RedisModule.register({ logger: fakeLogger(), name: 'spec-no-url', profile: 'fail-fast' })] })
      class AppModule {}
      await expect(NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false })).rejects.toThrow(/no target given and no REDIS_URL/);
    });
  });
});
