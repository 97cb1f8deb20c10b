import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { eventEntities, HEALTH_CHECKS } from '@portal/messaging';
import { kycMigrations } from './migrations';

export const KYC_SCHEMA = 'kyc';
export const kycEntities = [...eventEntities];

/**
 * Uploaded documents, document reviews, KYC status and biometric verification. This
 * release runs the service's schema, migrations and health reply; the document features
 * arrive with their own issue.
 */
@Module({})
export class KycModule {
  static register(environment: ServiceEnvironment): DynamicModule {
    return {
      module: KycModule,
      imports: [
        ServiceDatabaseModule.forService({ schema: KYC_SCHEMA, url: environment.DATABASE_URL, entities: kycEntities, migrations: kycMigrations }),
      ],
      providers: [{ provide: HEALTH_CHECKS, inject: [DataSource], useFactory: (dataSource: DataSource) => [databaseHealthCheck(dataSource)] }],
    };
  }
}
