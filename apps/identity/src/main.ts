import './tracing';
import 'reflect-metadata';
import { runService } from '@portal/messaging';
import { IdentityEnvironment } from './identity-environment';
import { IdentityModule } from './identity.module';

void runService({ service: 'identity', environment: IdentityEnvironment, module: (environment) => IdentityModule.register(environment) });
