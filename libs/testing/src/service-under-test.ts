import { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { Client } from 'pg';
import { Clock, ServiceEnvironment } from '@portal/config';
import { BackendService, ErrorBody } from '@portal/contracts';
import { runService, ServiceCallError } from '@portal/messaging';
import { startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/messaging/testing';

/** One real service on its own database, NATS and Redis, with a client and a direct database connection. */
export interface ServiceUnderTest {
  infrastructure: TestInfrastructure;
  /** The running instance (a new one after `whileStopped`). */
  readonly service: INestMicroservice;
  client: TestServiceClient;
  /** For arranging rows the test needs (its own service's schema only). */
  database: Client;
  /** Stops the service alone, does the work while it is down (its infrastructure stays up), and starts it again: an outage or a deployment. */
  whileStopped<T>(work: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

export async function startServiceUnderTest<E extends ServiceEnvironment = ServiceEnvironment>(options: {
  label: string;
  service: BackendService;
  /** The service's own environment class, where it reads more than the common one. */
  environment?: new () => E;
  module: (environment: E) => DynamicModule | Type<unknown>;
  /** Set for the service on top of the infrastructure's (also in `infrastructure.env`, for its other processes). */
  env?: NodeJS.ProcessEnv;
  /** The service's Clock (a test's ManualClock), restarts included; otherwise the environment's, as in a deployment. */
  clock?: Clock;
}): Promise<ServiceUnderTest> {
  const infrastructure = await startTestInfrastructure(options.label, options.env);
  const environment = (options.environment ?? ServiceEnvironment) as new () => E;
  const run = () => runService({ service: options.service, environment, module: options.module, env: infrastructure.env, clock: options.clock });
  let service = await run();
  const client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
  const database = new Client({ connectionString: infrastructure.database.url });
  await database.connect();
  return {
    infrastructure,
    get service() {
      return service;
    },
    client,
    database,
    async whileStopped<T>(work: () => Promise<T>) {
      await stopService(service);
      try {
        return await work();
      } finally {
        service = await run();
      }
    },
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
