import './tracing';
import 'reflect-metadata';
import { ServiceEnvironment } from '@portal/config';
import { runService } from '@portal/messaging';
import { KycModule } from './kyc.module';

void runService({ service: 'kyc', environment: ServiceEnvironment, module: (environment) => KycModule.register(environment) });
