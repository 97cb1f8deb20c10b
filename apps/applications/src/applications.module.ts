import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { eventEntities, HEALTH_CHECKS } from '@portal/messaging';
import { applicationsMigrations } from './migrations';

export const APPLICATIONS_SCHEMA = 'applications';
export const applicationsEntities = [...eventEntities];

/**
 * Investment applications (personal, corporate, GIPP), their review workflow and the
 * investments approved applications become. This release runs the service's schema,
 * migrations and health reply; the application features arrive with their own issue.
 */
@Module({})
export class ApplicationsModule {
  static register(environment: ServiceEnvironment): DynamicModule {
    return {
      module: ApplicationsModule,
      imports: [
        ServiceDatabaseModule.forService({ schema: APPLICATIONS_SCHEMA, url: environment.DATABASE_URL, entities: applicationsEntities, migrations: applicationsMigrations }),
      ],
      providers: [{ provide: HEALTH_CHECKS, inject: [DataSource], useFactory: (dataSource: DataSource) => [databaseHealthCheck(dataSource)] }],
    };
  }
}
