import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { databaseConnection, databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { HEALTH_CHECKS, OutboxModule } from '@portal/messaging';
import { RedisClient, redisHealthCheck } from '@portal/redis';
import { AccountSecurityModule } from './account-security/account-security.module';
import { AuditModule } from './audit/audit.module';
import { EmailConfirmationModule } from './email-confirmation/email-confirmation.module';
import { EventIntakeModule } from './event-intake/event-intake.module';
import { IdentityEnvironment } from './identity-environment';
import { IDENTITY_SCHEMA, identityEntities, identityMigrations } from './identity-schema';
import { PasskeysModule } from './passkeys/passkeys.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { ReauthenticationModule } from './reauthentication/reauthentication.module';
import { PreferencesModule } from './preferences/preferences.module';
import { ProfileModule } from './profile/profile.module';
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
import { BackOfficeFiguresModule } from './back-office/back-office-figures.module';
import { IdentityDataExportModule } from './data-export/data-export.controller';
import { AccountClosureModule } from './account-closure/account-closure.module';

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
        ServiceDatabaseModule.forService({ schema: IDENTITY_SCHEMA, ...databaseConnection(environment), entities: identityEntities, migrations: identityMigrations }),
        OutboxModule.forStreams(IDENTITY_EVENTS_STREAM),
        IdentityRedisModule,
        SettingsModule,
        UsersModule,
        UserDirectoryModule,
        AccountAdministrationModule,
        IdentityDataExportModule,
        AccountClosureModule,
        SessionsModule,
        SignUpModule,
        EmailConfirmationModule,
        SignInModule,
        PasskeysModule,
        ReauthenticationModule,
        PasswordResetModule,
        AccountSecurityModule,
        AuditModule,
        EventIntakeModule,
        BackOfficeFiguresModule,
        PreferencesModule,
        ProfileModule,
      ],
      providers: [
        DataRetention,
        {
          provide: HEALTH_CHECKS,
          inject: [DataSource, REDIS],
          useFactory: (dataSource: DataSource, redis: RedisClient) => [databaseHealthCheck(dataSource), redisHealthCheck(redis)],
        },
      ],
    };
  }
}
