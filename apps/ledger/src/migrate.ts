import 'reflect-metadata';
import { loadEnvironment, ServiceEnvironment } from '@portal/config';
import { databaseConnection, runMigrationCommand } from '@portal/database';
import { LEDGER_SCHEMA, ledgerEntities } from './ledger.module';
import { ledgerMigrations } from './migrations';

/** Migrates the ledger schema and exits (`node apps/ledger/dist/migrate.js`; `npm run migrate` runs every service's). */
void runMigrationCommand({ schema: LEDGER_SCHEMA, ...databaseConnection(loadEnvironment(ServiceEnvironment)), entities: ledgerEntities, migrations: ledgerMigrations });
