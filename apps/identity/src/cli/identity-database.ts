import { DataSource } from 'typeorm';
import { ensureDatabaseExists, migrateServiceSchema, serviceDataSourceOptions } from '@portal/database';
import { IDENTITY_SCHEMA, identityEntities, identityMigrations } from '../identity-schema';

/** The identity schema for a command-line tool, migrated first so the tool works on a new database. */
export async function openIdentityDatabase(databaseUrl: string): Promise<DataSource> {
  await ensureDatabaseExists(databaseUrl);
  const dataSource = await new DataSource(
    serviceDataSourceOptions({ schema: IDENTITY_SCHEMA, url: databaseUrl, entities: identityEntities, migrations: identityMigrations, poolSize: 2 }),
  ).initialize();
  try {
    await migrateServiceSchema(dataSource, IDENTITY_SCHEMA);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}
