import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { APPLICATIONS_EVENTS_STREAM, KYC_EVENTS_STREAM, LEDGER_EVENTS_STREAM } from '@portal/contracts';
import { EventConsumerModule, eventEntities, HEALTH_CHECKS, OutboxModule, PlatformSettingsModule } from '@portal/messaging';
import { DeletedAccountsModule } from './account-deletion/deleted-accounts.module';
import { ApplicationGateHandlers } from './application-gate/application-gate.handlers';
import { KycGateHandlers } from './kyc-gate/kyc-gate.handlers';
import { Book } from './book/book';
import { CardRequestsHandlers } from './cards/card-requests.handlers';
import { CardRequests } from './cards/card-requests.service';
import { LedgerCheck } from './check/ledger-check';
import { LedgerDataExportHandlers } from './data-export/data-export.handlers';
import { ledgerMigrations } from './migrations';
import { BackOfficeFiguresController } from './back-office/back-office-figures.controller';
import { SecurityDeposits } from './security-deposits/security-deposits.service';
import { LedgerController } from './transactions/ledger.controller';
import { MoneyMovement } from './transactions/money-movement.service';
import { TransactionQueries } from './transactions/transaction-queries.service';

export const LEDGER_SCHEMA = 'ledger';
/** The book's tables are read and written with SQL (see the migrations), not entities. */
export const ledgerEntities = [...eventEntities];

/**
 * The money: a double-entry book of accounts, transfers and entries; customer
 * transactions (deposits, withdrawals, investment payments) and their admin decisions;
 * security deposits; card requests; the deposit gate kept from applications' events; a
 * deleted account's card requests cancelled and erased (identity's events); the ledger check.
 */
@Module({})
export class LedgerModule {
  static register(environment: ServiceEnvironment): DynamicModule {
    return {
      module: LedgerModule,
      imports: [
        ServiceDatabaseModule.forService({ schema: LEDGER_SCHEMA, url: environment.DATABASE_URL, entities: ledgerEntities, migrations: ledgerMigrations }),
        OutboxModule.forStreams(LEDGER_EVENTS_STREAM),
        EventConsumerModule.forStream(APPLICATIONS_EVENTS_STREAM, [ApplicationGateHandlers]),
        EventConsumerModule.forStream(KYC_EVENTS_STREAM, [KycGateHandlers]),
        DeletedAccountsModule,
        PlatformSettingsModule,
      ],
      controllers: [LedgerController, BackOfficeFiguresController, CardRequestsHandlers, LedgerDataExportHandlers],
      providers: [
        Book,
        MoneyMovement,
        TransactionQueries,
        SecurityDeposits,
        CardRequests,
        LedgerCheck,
        ApplicationGateHandlers,
        KycGateHandlers,
        { provide: HEALTH_CHECKS, inject: [DataSource], useFactory: (dataSource: DataSource) => [databaseHealthCheck(dataSource)] },
      ],
    };
  }
}
