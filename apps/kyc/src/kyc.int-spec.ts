import 'reflect-metadata';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { healthSubject, ServiceHealth } from '@portal/contracts';
import { ServiceEnvironment } from '@portal/config';
import { pendingSchemaChanges, serviceDataSourceOptions } from '@portal/database';
import { runService } from '@portal/messaging';
import { startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { KYC_SCHEMA, kycEntities, KycModule } from './kyc.module';
import { kycMigrations } from './migrations';

describe('kyc service', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('kyc');
    service = await runService({ service: 'kyc', environment: ServiceEnvironment, module: (env) => KycModule.register(env), env: infrastructure.env });
    client = await TestServiceClient.connect(infrastructure.nats.url);
  });

  afterAll(async () => {
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  it('answers its health check with its database up', async () => {
    const health = await client.send<ServiceHealth>(healthSubject('kyc'), {});
    expect(health).toMatchObject({ service: 'kyc', status: 'up', dependencies: [{ name: 'postgres', status: 'up' }] });
  });

  it('has a migration for every entity change', async () => {
    const dataSource = await new DataSource(
      serviceDataSourceOptions({ schema: KYC_SCHEMA, url: infrastructure.database.url, entities: kycEntities, migrations: kycMigrations }),
    ).initialize();
    try {
      expect(await pendingSchemaChanges(dataSource)).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });
});
