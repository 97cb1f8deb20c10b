import './tracing';
import 'reflect-metadata';
import { runService } from '@portal/messaging';
import { NotificationEnvironment } from './notification-environment';
import { NotificationModule } from './notification.module';

void runService({ service: 'notification', environment: NotificationEnvironment, module: (environment) => NotificationModule.register(environment) });
