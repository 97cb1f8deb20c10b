import './tracing';
import 'reflect-metadata';
import { ServiceEnvironment } from '@portal/config';
import { runService } from '@portal/messaging';
import { LedgerModule } from './ledger.module';

void runService({ service: 'ledger', environment: ServiceEnvironment, module: (environment) => LedgerModule.register(environment) });
