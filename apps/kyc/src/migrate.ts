import 'reflect-metadata';
import { loadEnvironment, ServiceEnvironment } from '@portal/config';
import { databaseConnection, runMigrationCommand } from '@portal/database';
import { KYC_SCHEMA, kycEntities } from './kyc.module';
import { kycMigrations } from './migrations';

/** Migrates the kyc schema and exits (`node apps/kyc/dist/migrate.js`; `npm run migrate` runs every service's). */
void runMigrationCommand({ schema: KYC_SCHEMA, ...databaseConnection(loadEnvironment(ServiceEnvironment)), entities: kycEntities, migrations: kycMigrations });
