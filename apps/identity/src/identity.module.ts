import { DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { HEALTH_CHECKS, OutboxModule } from '@portal/messaging';
import { redisHealthCheck } from '@portal/redis';
import { AuditModule } from './audit/audit.module';
import { EmailConfirmationModule } from './email-confirmation/email-confirmation.module';
import { EventIntakeModule } from './event-intake/event-intake.module';
import { IdentityEnvironment } from './identity-environment';
import { IDENTITY_SCHEMA, identityEntities, identityMigrations } from './identity-schema';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { REDIS } from './redis/redis';
import { IdentityRedisModule } from './redis/redis.module';
import { DataRetention } from './retention/data-retention';
import { SessionsModule } from './sessions/sessions.module';
import { SettingsModule } from './settings/settings.module';
import { SignInModule } from './sign-in/sign-in.module';
import { SignUpModule } from './sign-up/sign-up.module';
import { AccountAdministrationModule } from './account-administration/account-administration.module';
import { UserDirectoryModule } from './user-directory/user-directory.module';
import { UsersModule } from './users/users.module';

/**
 * Users, credentials, sessions, email confirmation and password reset, administrators,
 * the audit log and platform settings.
 */
@Module({})
export class IdentityModule {
  static register(environment: IdentityEnvironment): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServiceDatabaseModule.forService({ schema: IDENTITY_SCHEMA, url: environment.DATABASE_URL, entities: identityEntities, migrations: identityMigrations }),
        OutboxModule.forStreams(IDENTITY_EVENTS_STREAM),
        IdentityRedisModule,
        SettingsModule,
        UsersModule,
        UserDirectoryModule,
        AccountAdministrationModule,
        SessionsModule,
        SignUpModule,
        EmailConfirmationModule,
        SignInModule,
        PasswordResetModule,
        AuditModule,
        EventIntakeModule,
      ],
      providers: [
        DataRetention,
        {
          provide: HEALTH_CHECKS,
          inject: [DataSource, REDIS],
          useFactory: (dataSource: DataSource, redis: Redis) => [databaseHealthCheck(dataSource), redisHealthCheck(redis)],
        },
      ],
    };
  }
}
