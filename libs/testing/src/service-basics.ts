import { INestMicroservice } from '@nestjs/common';
import { DataSource, EntitySchema, MixedList } from 'typeorm';
import { BackendService, healthCommand } from '@portal/contracts';
import { pendingSchemaChanges, serviceDataSourceOptions } from '@portal/database';
import { startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from './service-harness';

export interface ServiceBasicsOptions {
  service: BackendService;
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Starts the service (runService with the given environment). */
  start: (env: NodeJS.ProcessEnv) => Promise<INestMicroservice>;
}

/**
 * What every service must do from its first day: start against a fresh database,
 * answer its health check over NATS, and have a migration for every entity change.
 */
export function describeServiceBasics(options: ServiceBasicsOptions): void {
  describe(`${options.service} service basics`, () => {
    let infrastructure: TestInfrastructure;
    let service: INestMicroservice;
    let client: TestServiceClient;

    beforeAll(async () => {
      infrastructure = await startTestInfrastructure(options.service);
      service = await options.start(infrastructure.env);
      client = await TestServiceClient.connect(infrastructure.nats.url);
    });

    afterAll(async () => {
      await client?.close();
      await stopService(service);
      await infrastructure?.stop();
    });

    it('answers its health check with its database up', async () => {
      const health = await client.send(healthCommand(options.service), {});
      expect(health.service).toBe(options.service);
      expect(health.status).toBe('up');
      expect(health.dependencies).toEqual(expect.arrayContaining([{ name: 'postgres', status: 'up' }]));
    });

    it('has a migration for every entity change', async () => {
      const dataSource = await new DataSource(
        serviceDataSourceOptions({ schema: options.schema, url: infrastructure.database.url, entities: options.entities, migrations: options.migrations }),
      ).initialize();
      try {
        expect(await pendingSchemaChanges(dataSource)).toEqual([]);
      } finally {
        await dataSource.destroy();
      }
    });
  });
}
