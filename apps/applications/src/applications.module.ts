import { DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ServiceEnvironment } from '@portal/config';
import { APPLICATIONS_EVENTS_STREAM } from '@portal/contracts';
import { databaseConnection, databaseHealthCheck, ServiceDatabaseModule } from '@portal/database';
import { eventEntities, HEALTH_CHECKS, OutboxModule, PlatformSettingsModule } from '@portal/messaging';
import { InvestmentApplication } from './applications/application.entity';
import { ApplicationsFeatureModule } from './applications/applications-feature.module';
import { Investment } from './investments/investment.entity';
import { applicationsMigrations } from './migrations';
import { BackOfficeFiguresModule } from './back-office/back-office-figures.module';
import { ApplicationsDataExportModule } from './data-export/data-export.controller';
import { DeletedAccountsModule } from './account-deletion/deleted-accounts.module';

export const APPLICATIONS_SCHEMA = 'applications';
export const applicationsEntities = [...eventEntities, InvestmentApplication, Investment];

/**
 * Investment applications (personal, corporate, GIPP), their drafts, the review workflow
 * and the investments approved applications become; events on APPLICATIONS_EVENTS. A
 * deleted account's drafts are erased (from identity's events); its submitted applications
 * are kept, and kyc asks which files they refer to before it erases the person's uploads.
 */
@Module({})
export class ApplicationsModule {
  static register(environment: ServiceEnvironment): DynamicModule {
    return {
      module: ApplicationsModule,
      imports: [
        ServiceDatabaseModule.forService({ schema: APPLICATIONS_SCHEMA, ...databaseConnection(environment), entities: applicationsEntities, migrations: applicationsMigrations }),
        OutboxModule.forStreams(APPLICATIONS_EVENTS_STREAM),
        PlatformSettingsModule,
        ApplicationsFeatureModule,
        BackOfficeFiguresModule,
        ApplicationsDataExportModule,
        DeletedAccountsModule,
      ],
      providers: [{ provide: HEALTH_CHECKS, inject: [DataSource], useFactory: (dataSource: DataSource) => [databaseHealthCheck(dataSource)] }],
    };
  }
}
