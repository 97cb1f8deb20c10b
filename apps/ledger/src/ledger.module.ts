import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { eventEntities, HEALTH_CHECKS } from '@portal/messaging';
import { ledgerMigrations } from './migrations';

export const LEDGER_SCHEMA = 'ledger';
export const ledgerEntities = [...eventEntities];

/**
 * The money: a double-entry ledger, balances, deposits, withdrawals, investment payments,
 * security deposits and card orders. This release runs the service's schema, migrations
 * and health reply; money movement arrives with its own issue.
 */
@Module({})
export class LedgerModule {
  static register(environment: ServiceEnvironment): DynamicModule {
    return {
      module: LedgerModule,
      imports: [
        ServiceDatabaseModule.forService({ schema: LEDGER_SCHEMA, url: environment.DATABASE_URL, entities: ledgerEntities, migrations: ledgerMigrations }),
      ],
      providers: [{ provide: HEALTH_CHECKS, inject: [DataSource], useFactory: (dataSource: DataSource) => [databaseHealthCheck(dataSource)] }],
    };
  }
}
