import 'reflect-metadata';
import { loadEnvironment, ServiceEnvironment } from '@portal/config';
import { databaseConnection, runMigrationCommand } from '@portal/database';
import { IDENTITY_SCHEMA, identityEntities, identityMigrations } from './identity-schema';

/** Migrates the identity schema and exits (`node apps/identity/dist/migrate.js`; `npm run migrate` runs every service's). */
void runMigrationCommand({ schema: IDENTITY_SCHEMA, ...databaseConnection(loadEnvironment(ServiceEnvironment)), entities: identityEntities, migrations: identityMigrations });
