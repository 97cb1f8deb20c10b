import 'reflect-metadata';
import { ServiceEnvironment } from '@portal/config';
import { runService } from '@portal/messaging';
import { describeServiceBasics } from '@portal/testing';
import { APPLICATIONS_SCHEMA, applicationsEntities, ApplicationsModule } from './applications.module';
import { applicationsMigrations } from './migrations';

describeServiceBasics({
  service: 'applications',
  schema: APPLICATIONS_SCHEMA,
  entities: applicationsEntities,
  migrations: applicationsMigrations,
  start: (env) => runService({ service: 'applications', environment: ServiceEnvironment, module: (environment) => ApplicationsModule.register(environment), env }),
});
