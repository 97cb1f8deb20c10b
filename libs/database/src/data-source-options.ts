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
    extra: { max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000 },
    applicationName: `portal-${options.schema}`,
  };
}
