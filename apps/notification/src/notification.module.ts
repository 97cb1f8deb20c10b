import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { NOTIFICATION_EVENTS_STREAM } from '@portal/contracts';
import { HEALTH_CHECKS, OutboxModule, PlatformSettingsModule } from '@portal/messaging';
import { RedisClient, redisHealthCheck } from '@portal/redis';
import { notificationDatabase } from './database';
import { EMAIL_PRODUCER_REDIS } from './email/email-queue';
import { EmailModule } from './email/email.module';
import { FailedEmailsController } from './email/failed-emails.controller';
import { EmailWorkerModule } from './email/email-worker.module';
import { EventIntakeModule } from './event-intake/event-intake.module';
import { InboxModule } from './inbox/inbox.module';
import { NotificationEnvironment } from './notification-environment';
import { NotificationDataExportModule } from './data-export/data-export.controller';
import { NotificationRetention } from './retention/notification-retention';
import { WebhooksModule } from './webhooks/webhooks.module';

export { NOTIFICATION_SCHEMA, notificationEntities } from './database';

/**
 * Notifications: in-app notifications made from other services' events and from admins'
 * broadcasts, the emails those events ask for (queued; sent by the worker, inline unless
 * it runs as its own process).
 */
@Module({})
export class NotificationModule {
  static register(environment: NotificationEnvironment): DynamicModule {
    return {
      module: NotificationModule,
      imports: [
        ServiceDatabaseModule.forService(notificationDatabase(environment)),
        OutboxModule.forStreams(NOTIFICATION_EVENTS_STREAM),
        PlatformSettingsModule,
        EmailModule,
        InboxModule,
        EventIntakeModule,
        NotificationDataExportModule,
        WebhooksModule,
        ...(environment.EMAIL_WORKER_INLINE ? [EmailWorkerModule.inline()] : []),
      ],
      controllers: [FailedEmailsController],
      providers: [
        NotificationRetention,
        {
          provide: HEALTH_CHECKS,
          inject: [DataSource, EMAIL_PRODUCER_REDIS],
          // SMTP is deliberately not here: a mail server outage delays email (jobs retry)
          // but must not take the service out of rotation.
          useFactory: (dataSource: DataSource, redis: RedisClient) => [databaseHealthCheck(dataSource), redisHealthCheck(redis)],
        },
      ],
    };
  }
}
