import 'reflect-metadata';
import { ServiceEnvironment } from '@portal/config';
import { runService } from '@portal/messaging';
import { describeServiceBasics } from '@portal/testing';
import { SUPPORT_SCHEMA, supportEntities, SupportModule } from './support.module';
import { supportMigrations } from './migrations';

describeServiceBasics({
  service: 'support',
  schema: SUPPORT_SCHEMA,
  entities: supportEntities,
  migrations: supportMigrations,
  start: (env) => runService({ service: 'support', environment: ServiceEnvironment, module: (environment) => SupportModule.register(environment), env }),
});
