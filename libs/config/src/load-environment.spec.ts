import 'reflect-metadata';
import { IsInt, Max, Min } from 'class-validator';
import { ConfigurationError, loadEnvironment } from './load-environment';
import { ServiceEnvironment } from './service-environment';

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
});
