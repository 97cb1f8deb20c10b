import { DataSource } from 'typeorm';
import { serviceDataSourceOptions } from '@portal/database';
import { KYC_SCHEMA, kycEntities } from '../kyc.module';
import { kycMigrations } from '../migrations';

/**
 * The kyc schema for a command-line tool. It does not migrate (behind a pooler that is a
 * job for DATABASE_MIGRATION_URL): a schema with migrations pending is refused with what to run.
 */
export async function openKycDatabase(databaseUrl: string): Promise<DataSource> {
  const dataSource = await new DataSource(serviceDataSourceOptions({ schema: KYC_SCHEMA, url: databaseUrl, entities: kycEntities, migrations: kycMigrations, poolSize: 2 })).initialize();
  try {
    if (await dataSource.showMigrations()) throw new Error('the kyc schema has migrations pending: start the kyc service once or run `npm run migrate` first');
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}
