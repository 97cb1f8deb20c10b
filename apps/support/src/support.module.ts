import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { eventEntities, HEALTH_CHECKS } from '@portal/messaging';
import { supportMigrations } from './migrations';

export const SUPPORT_SCHEMA = 'support';
export const supportEntities = [...eventEntities];

/**
 * Support tickets, admin responses and status changes. This release runs the service's
 * schema, migrations and health reply; the ticket features arrive with their own issue.
 */
@Module({})
export class SupportModule {
  static register(environment: ServiceEnvironment): DynamicModule {
    return {
      module: SupportModule,
      imports: [
        ServiceDatabaseModule.forService({ schema: SUPPORT_SCHEMA, url: environment.DATABASE_URL, entities: supportEntities, migrations: supportMigrations }),
      ],
      providers: [{ provide: HEALTH_CHECKS, inject: [DataSource], useFactory: (dataSource: DataSource) => [databaseHealthCheck(dataSource)] }],
    };
  }
}
