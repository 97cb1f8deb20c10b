import 'reflect-metadata';
import { loadEnvironment, ServiceEnvironment } from '@portal/config';
import { databaseConnection, runMigrationCommand } from '@portal/database';
import { SUPPORT_SCHEMA, supportEntities } from './support.module';
import { supportMigrations } from './migrations';

/** Migrates the support schema and exits (`node apps/support/dist/migrate.js`; `npm run migrate` runs every service's). */
void runMigrationCommand({ schema: SUPPORT_SCHEMA, ...databaseConnection(loadEnvironment(ServiceEnvironment)), entities: supportEntities, migrations: supportMigrations });
