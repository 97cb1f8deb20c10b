import './tracing';
import 'reflect-metadata';
import { ServiceEnvironment } from '@portal/config';
import { runService } from '@portal/messaging';
import { ApplicationsModule } from './applications.module';

void runService({ service: 'applications', environment: ServiceEnvironment, module: (environment) => ApplicationsModule.register(environment) });
