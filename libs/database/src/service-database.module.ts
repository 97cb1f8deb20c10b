import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ServiceDatabaseOptions, serviceDataSourceOptions } from './data-source-options';
import { migrateServiceDatabase, migrateServiceSchema } from './migrate';

/**
 * The service's TypeORM connection, bound to its own schema, with its migrations run
 * before the service starts answering (idempotent, replica-safe): through
 * `migrationUrl` when set, not at all when `migrationsAtStart` is 'skip' (a Job ran them).
 */
@Module({})
export class ServiceDatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: ServiceDatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => serviceDataSourceOptions(options),
          dataSourceFactory: async (dataSourceOptions) => {
            if (options.migrationsAtStart !== 'skip' && options.migrationUrl) await migrateServiceDatabase(options);
            const dataSource = await new DataSource(dataSourceOptions as DataSourceOptions).initialize();
            if (options.migrationsAtStart !== 'skip' && !options.migrationUrl) await migrateServiceSchema(dataSource, options.schema);
            return dataSource;
          },
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}

/** Health check: the service can reach its database. */
export function databaseHealthCheck(dataSource: DataSource) {
  return { name: 'postgres', check: async () => void (await dataSource.query('SELECT 1')) };
}

/**
 * Schema changes the entities describe that no migration has made yet: empty when the
 * migrations are complete. Used by each service's "pending migrations" test.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}
