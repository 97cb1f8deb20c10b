import 'reflect-metadata';
import { loadEnvironment, ServiceEnvironment } from '@portal/config';
import { databaseConnection, runMigrationCommand } from '@portal/database';
import { APPLICATIONS_SCHEMA, applicationsEntities } from './applications.module';
import { applicationsMigrations } from './migrations';

/** Migrates the applications schema and exits (`node apps/applications/dist/migrate.js`; `npm run migrate` runs every service's). */
void runMigrationCommand({ schema: APPLICATIONS_SCHEMA, ...databaseConnection(loadEnvironment(ServiceEnvironment)), entities: applicationsEntities, migrations: applicationsMigrations });
