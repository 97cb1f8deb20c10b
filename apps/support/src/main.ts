import './tracing';
import 'reflect-metadata';
import { ServiceEnvironment } from '@portal/config';
import { runService } from '@portal/messaging';
import { SupportModule } from './support.module';

void runService({ service: 'support', environment: ServiceEnvironment, module: (environment) => SupportModule.register(environment) });
