import 'reflect-metadata';
import { IsInt, Max, Min } from 'class-validator';
import { ConfigurationError, loadEnvironment } from './load-environment';
import { ServiceEnvironment } from './service-environment';
import { parseRedisSentinels } from './redis-sentinels';

class ExampleEnvironment extends ServiceEnvironment {
  @IsInt()
  @Min(1)
  @Max(65_535)
  PORT: number = 3000;
}

describe('loadEnvironment', () => {
  it('applies the documented defaults when nothing is set', () => {
    const environment = loadEnvironment(ExampleEnvironment, {});
    expect(environment.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/portal');
    expect(environment.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(environment.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(environment.PORT).toBe(3000);
  });

  it('reads numbers from the environment', () => {
    expect(loadEnvironment(ExampleEnvironment, { PORT: '8080', NATS_REQUEST_TIMEOUT_MS: '250' })).toMatchObject({ PORT: 8080, NATS_REQUEST_TIMEOUT_MS: 250 });
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      loadEnvironment(ExampleEnvironment, { DATABASE_URL: 'mysql://x', PORT: 'eighty' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/DATABASE_URL/);
    expect((error as Error).message).toMatch(/PORT/);
  });

  it('reads the database pool, pooler and migration settings, and refuses a pool outside 1..100', () => {
    expect(loadEnvironment(ServiceEnvironment, {})).toMatchObject({ DATABASE_POOL_SIZE: 10, DATABASE_PREPARED_STATEMENTS: true, DATABASE_MIGRATION_URL: undefined, DATABASE_MIGRATIONS: 'run' });
    expect(
      loadEnvironment(ServiceEnvironment, { DATABASE_POOL_SIZE: '4', DATABASE_PREPARED_STATEMENTS: 'false', DATABASE_MIGRATION_URL: 'postgres://db:5432/portal', DATABASE_MIGRATIONS: 'skip' }),
    ).toMatchObject({ DATABASE_POOL_SIZE: 4, DATABASE_PREPARED_STATEMENTS: false, DATABASE_MIGRATION_URL: 'postgres://db:5432/portal', DATABASE_MIGRATIONS: 'skip' });
    for (const bad of [{ DATABASE_POOL_SIZE: '0' }, { DATABASE_POOL_SIZE: '1' }, { DATABASE_POOL_SIZE: '101' }, { DATABASE_PREPARED_STATEMENTS: 'sometimes' }, { DATABASE_MIGRATION_URL: 'db:5432' }, { DATABASE_MIGRATIONS: 'later' }]) {
      expect(() => loadEnvironment(ServiceEnvironment, bad)).toThrow(new RegExp(Object.keys(bad)[0]));
    }
  });

  it('reads Redis Sentinel settings, and refuses half a pair or a malformed list by name', () => {
    expect(loadEnvironment(ServiceEnvironment, {})).toMatchObject({ REDIS_SENTINELS: undefined, REDIS_SENTINEL_NAME: undefined });
    expect(loadEnvironment(ServiceEnvironment, { REDIS_SENTINELS: 'sentinel-0:26379,sentinel-1:26379', REDIS_SENTINEL_NAME: 'portal', REDIS_SENTINEL_PASSWORD: 'watch' })).toMatchObject({
      REDIS_SENTINELS: 'sentinel-0:26379,sentinel-1:26379',
      REDIS_SENTINEL_NAME: 'portal',
      REDIS_SENTINEL_PASSWORD: 'watch',
    });
    expect(() => loadEnvironment(ServiceEnvironment, { REDIS_SENTINELS: 'sentinel-0:26379' })).toThrow('REDIS_SENTINELS (bad value): is set but REDIS_SENTINEL_NAME is not: set both or neither');
    expect(() => loadEnvironment(ServiceEnvironment, { REDIS_SENTINEL_NAME: 'portal' })).toThrow('REDIS_SENTINEL_NAME (bad value): is set but REDIS_SENTINELS is not: set both or neither');
    expect(() => loadEnvironment(ServiceEnvironment, { REDIS_SENTINEL_PASSWORD: 'watch' })).toThrow(/REDIS_SENTINEL_PASSWORD .*REDIS_SENTINELS is not/);
    for (const list of ['sentinel-0', 'sentinel-0:26379,', 'sentinel-0:70000', 'redis://sentinel-0:26379']) {
      expect(() => loadEnvironment(ServiceEnvironment, { REDIS_SENTINELS: list, REDIS_SENTINEL_NAME: 'portal' })).toThrow(/REDIS_SENTINELS \(bad value\): must be a comma-separated list of host:port/);
    }
  });
});

describe('REDIS_CLUSTER_NODES', () => {
  it('reads a node list, refuses a malformed one, and refuses it together with REDIS_SENTINELS by name', () => {
    expect(loadEnvironment(ServiceEnvironment, {}).REDIS_CLUSTER_NODES).toBeUndefined();
    expect(loadEnvironment(ServiceEnvironment, { REDIS_CLUSTER_NODES: 'redis-0:6379,[fd00::2]:6380' }).REDIS_CLUSTER_NODES).toBe('redis-0:6379,[fd00::2]:6380');
    for (const list of ['redis-0', 'redis-0:6379,', 'redis://redis-0:6379']) {
      expect(() => loadEnvironment(ServiceEnvironment, { REDIS_CLUSTER_NODES: list })).toThrow(/REDIS_CLUSTER_NODES \(bad value\): must be a comma-separated list of host:port/);
    }
    expect(() => loadEnvironment(ServiceEnvironment, { REDIS_CLUSTER_NODES: 'redis-0:6379', REDIS_SENTINELS: 'sentinel-0:26379', REDIS_SENTINEL_NAME: 'portal' })).toThrow(
      'REDIS_CLUSTER_NODES (bad value): is set and so is REDIS_SENTINELS: set one or the other',
    );
  });
});

describe('parseRedisSentinels', () => {
  it('reads host:port entries, IPv6 hosts in brackets, spaces around commas', () => {
    expect(parseRedisSentinels(' 10.0.0.5:26379 , sentinel.infrastructure.svc:26380,[fd00::1]:26381')).toEqual([
      { host: '10.0.0.5', port: 26379 },
      { host: 'sentinel.infrastructure.svc', port: 26380 },
      { host: 'fd00::1', port: 26381 },
    ]);
    expect(parseRedisSentinels('')).toBeNull();
    expect(parseRedisSentinels('sentinel:0')).toBeNull();
  });
});

