import { DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';

export interface ServiceDatabaseOptions {
  /** The PostgreSQL schema this service owns; it never touches another. */
  schema: string;
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  /** false behind a transaction-mode pooler: preparedQuery then sends plain parameterised queries. */
  preparedStatements?: boolean;
  /** A direct connection for migrations and their session-level advisory lock; `url` when unset. */
  migrationUrl?: string;
  /** 'skip' when a Job or init step migrates before the processes start. */
  migrationsAtStart?: 'run' | 'skip';
}

/** The DATABASE_* variables of a service's environment (ServiceEnvironment). */
export interface DatabaseEnvironment {
  DATABASE_URL: string;
  DATABASE_POOL_SIZE?: number;
  DATABASE_PREPARED_STATEMENTS?: boolean;
  DATABASE_MIGRATION_URL?: string;
  DATABASE_MIGRATIONS?: 'run' | 'skip';
}

/** How a process connects, from its environment: spread into `ServiceDatabaseModule.forService`. */
export function databaseConnection(environment: DatabaseEnvironment): Pick<ServiceDatabaseOptions, 'url' | 'poolSize' | 'preparedStatements' | 'migrationUrl' | 'migrationsAtStart'> {
  return {
    url: environment.DATABASE_URL,
    poolSize: environment.DATABASE_POOL_SIZE ?? 10,
    preparedStatements: environment.DATABASE_PREPARED_STATEMENTS ?? true,
    migrationUrl: environment.DATABASE_MIGRATION_URL,
    migrationsAtStart: environment.DATABASE_MIGRATIONS ?? 'run',
  };
}

export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    migrationsRun: false,
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    // preparedStatements rides in pg's pool options (pg ignores it) so preparedQuery can read it back.
    extra: { max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000, preparedStatements: options.preparedStatements ?? true },
    applicationName: `portal-${options.schema}`,
  };
}
