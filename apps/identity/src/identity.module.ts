import { BeforeApplicationShutdown, DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { HEALTH_CHECKS, LOGGER, NATS_CONNECTION, OutboxRelay } from '@portal/messaging';
import type { Logger } from '@portal/logging';
import { AuditModule } from './audit/audit.module';
import { EmailConfirmationModule } from './email-confirmation/email-confirmation.module';
import { IdentityEnvironment } from './identity-environment';
import { IDENTITY_SCHEMA, identityEntities, identityMigrations } from './identity-schema';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { REDIS, redisHealthCheck } from './redis/redis';
import { RedisModule } from './redis/redis.module';
import { DataRetention } from './retention/data-retention';
import { SessionsModule } from './sessions/sessions.module';
import { SettingsModule } from './settings/settings.module';
import { SignInModule } from './sign-in/sign-in.module';
import { SignUpModule } from './sign-up/sign-up.module';
import { UsersModule } from './users/users.module';

/** Publishes the identity outbox to JetStream for as long as the service runs. */
@Injectable()
class IdentityOutboxPublisher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(@Inject(OutboxRelay) private readonly relay: OutboxRelay) {}
  onApplicationBootstrap() {
    this.relay.start();
  }
  // Before shutdown, so the relay's last batch finishes while NATS and the database are still open.
  async beforeApplicationShutdown() {
    await this.relay.stop();
  }
}

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
        RedisModule,
        SettingsModule,
        UsersModule,
        SessionsModule,
        SignUpModule,
        EmailConfirmationModule,
        SignInModule,
        PasswordResetModule,
        AuditModule,
      ],
      providers: [
        {
          provide: OutboxRelay,
          inject: [DataSource, NATS_CONNECTION, LOGGER],
          useFactory: (dataSource: DataSource, connection: NatsConnection, logger: Logger) => new OutboxRelay(dataSource, () => connection, [IDENTITY_EVENTS_STREAM], logger),
        },
        IdentityOutboxPublisher,
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
