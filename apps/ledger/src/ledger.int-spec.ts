import 'reflect-metadata';
import { ServiceEnvironment } from '@portal/config';
import { runService } from '@portal/messaging';
import { describeServiceBasics } from '@portal/testing';
import { LEDGER_SCHEMA, ledgerEntities, LedgerModule } from './ledger.module';
import { ledgerMigrations } from './migrations';

describeServiceBasics({
  service: 'ledger',
  schema: LEDGER_SCHEMA,
  entities: ledgerEntities,
  migrations: ledgerMigrations,
  start: (env) => runService({ service: 'ledger', environment: ServiceEnvironment, module: (environment) => LedgerModule.register(environment), env }),
});
