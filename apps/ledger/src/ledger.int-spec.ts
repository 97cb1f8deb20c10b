import 'reflect-metadata';
import { INestMicroservice } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { healthSubject, ServiceHealth } from '@portal/contracts';
import { ServiceEnvironment } from '@portal/config';
import { pendingSchemaChanges, serviceDataSourceOptions } from '@portal/database';
import { runService } from '@portal/messaging';
import { startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { LEDGER_SCHEMA, ledgerEntities, LedgerModule } from './ledger.module';
import { ledgerMigrations } from './migrations';

describe('ledger service', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('ledger');
    service = await runService({ service: 'ledger', environment: ServiceEnvironment, module: (env) => LedgerModule.register(env), env: infrastructure.env });
    client = await TestServiceClient.connect(infrastructure.nats.url);
  });

  afterAll(async () => {
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  it('answers its health check with its database up', async () => {
    const health = await client.send<ServiceHealth>(healthSubject('ledger'), {});
    expect(health).toMatchObject({ service: 'ledger', status: 'up', dependencies: [{ name: 'postgres', status: 'up' }] });
  });

  it('has a migration for every entity change', async () => {
    const dataSource = await new DataSource(
      serviceDataSourceOptions({ schema: LEDGER_SCHEMA, url: infrastructure.database.url, entities: ledgerEntities, migrations: ledgerMigrations }),
    ).initialize();
    try {
      expect(await pendingSchemaChanges(dataSource)).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });
});
