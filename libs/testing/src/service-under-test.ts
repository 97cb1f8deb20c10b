import { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { Client } from 'pg';
import { ServiceEnvironment } from '@portal/config';
import { BackendService, ErrorBody } from '@portal/contracts';
import { runService, ServiceCallError } from '@portal/messaging';
import { startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from './service-harness';

/** One real service on its own database, NATS and Redis, with a client and a direct database connection. */
export interface ServiceUnderTest {
  infrastructure: TestInfrastructure;
  service: INestMicroservice;
  client: TestServiceClient;
  /** For arranging rows the test needs (its own service's schema only). */
  database: Client;
  stop(): Promise<void>;
}

export async function startServiceUnderTest(options: {
  label: string;
  service: BackendService;
  module: (environment: ServiceEnvironment) => DynamicModule | Type<unknown>;
}): Promise<ServiceUnderTest> {
  const infrastructure = await startTestInfrastructure(options.label);
  const service = await runService({ service: options.service, environment: ServiceEnvironment, module: options.module, env: infrastructure.env });
  const client = await TestServiceClient.connect(infrastructure.nats.url);
  const database = new Client({ connectionString: infrastructure.database.url });
  await database.connect();
  return {
    infrastructure,
    service,
    client,
    database,
    async stop() {
      await database.end();
      await client.close();
      await stopService(service);
      await infrastructure.stop();
    },
  };
}

/** The refusal a command answers with (fails the test when it succeeds or breaks differently). */
export async function refusalOf(call: Promise<unknown>): Promise<ErrorBody> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ServiceCallError) return error.body;
    throw error;
  }
  throw new Error('expected the command to be refused');
}
