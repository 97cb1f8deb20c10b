import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { Clock, clockFromEnvironment } from '@portal/config';
import type { Logger } from '@portal/logging';
import { ServiceDatabaseModule } from '@portal/database';
import { RedisModule } from '@portal/redis';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { notificationDatabase } from '../database';
import { NotificationEnvironment } from '../notification-environment';
import { EMAIL_WORKER_REDIS, EmailWorker } from './email-worker';
import { createMailTransport, MAIL_TRANSPORT } from './mail-transport';
import { SendEmailJob } from './send-email.job';

/** The worker's Redis connection waits through an outage, as BullMQ's blocking reads require; closed at shutdown. */
const workerRedis = () => RedisModule.register({ token: EMAIL_WORKER_REDIS, name: 'notification-email-worker', profile: 'blocking' });

const workerProviders: Provider[] = [
  {
    provide: MAIL_TRANSPORT,
    inject: [SERVICE_ENVIRONMENT],
    useFactory: (environment: NotificationEnvironment) => createMailTransport(environment.SMTP_URL, environment.MAIL_FROM, environment.EMAIL_WORKER_CONCURRENCY),
  },
  SendEmailJob,
  EmailWorker,
];

/** The environment, logger and clock a worker process provides itself (the service gets them from its runtime). */
@Global()
@Module({})
class EmailWorkerProcessModule {
  static register(environment: NotificationEnvironment, logger: Logger): DynamicModule {
    return {
      module: EmailWorkerProcessModule,
      providers: [
        { provide: SERVICE_ENVIRONMENT, useValue: environment },
        { provide: LOGGER, useValue: logger },
        { provide: Clock, useValue: clockFromEnvironment(environment) },
      ],
      exports: [SERVICE_ENVIRONMENT, LOGGER, Clock],
    };
  }
}

/**
 * The email worker: SendEmailJob run by a BullMQ worker on JobQueue.Email. It needs no
 * NATS and answers no commands; it reads the queue and writes email_deliveries.
 */
@Module({})
export class EmailWorkerModule {
  /** Inside the service process, using the service's database, environment and logger. */
  static inline(): DynamicModule {
    return { module: EmailWorkerModule, imports: [workerRedis()], providers: workerProviders };
  }

  /** As its own process (`src/email-worker.main.ts`), with its own database connection. */
  static standalone(environment: NotificationEnvironment, logger: Logger): DynamicModule {
    return {
      module: EmailWorkerModule,
      imports: [EmailWorkerProcessModule.register(environment, logger), ServiceDatabaseModule.forService(notificationDatabase(environment)), workerRedis()],
      providers: workerProviders,
    };
  }
}
