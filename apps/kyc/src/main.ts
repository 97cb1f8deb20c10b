import './tracing';
import 'reflect-metadata';
import { runService } from '@portal/messaging';
import { KycEnvironment } from './kyc-environment';
import { KycModule } from './kyc.module';

void runService({ service: 'kyc', environment: KycEnvironment, module: (environment) => KycModule.register(environment) });
