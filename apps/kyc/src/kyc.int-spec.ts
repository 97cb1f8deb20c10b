import 'reflect-metadata';
import { ServiceEnvironment } from '@portal/config';
import { runService } from '@portal/messaging';
import { describeServiceBasics } from '@portal/testing';
import { KYC_SCHEMA, kycEntities, KycModule } from './kyc.module';
import { kycMigrations } from './migrations';

describeServiceBasics({
  service: 'kyc',
  schema: KYC_SCHEMA,
  entities: kycEntities,
  migrations: kycMigrations,
  start: (env) => runService({ service: 'kyc', environment: ServiceEnvironment, module: (environment) => KycModule.register(environment), env }),
});
