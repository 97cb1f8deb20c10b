import 'reflect-metadata';
import { loadEnvironment, ServiceEnvironment } from '@portal/config';
import { runMigrationCommand } from '@portal/database';
import { notificationDatabase } from './database';

/** Migrates the notification schema and exits (`node apps/notification/dist/migrate.js`; `npm run migrate` runs every service's). */
void runMigrationCommand(notificationDatabase(loadEnvironment(ServiceEnvironment)));
