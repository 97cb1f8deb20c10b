import { INestMicroservice } from '@nestjs/common';
import { connect, NatsConnection } from 'nats';
import { ServiceClient } from '@portal/messaging';
import { Actor, RequestMeta } from '@portal/contracts';
import { createTestDatabase, TestDatabase } from './test-database';
import { EphemeralServer, startEphemeralNats, startEphemeralRedis } from './ephemeral-servers';
import { infrastructureSource, InfrastructureSource, startNatsContainer, startPostgresContainer, startRedisContainer } from './container-servers';

/** The real infrastructure one integration suite runs against: its own database, NATS and Redis. */
export interface TestInfrastructure {
  source: InfrastructureSource;
  database: TestDatabase;
  nats: EphemeralServer;
  redis: EphemeralServer;
  /** Environment for a service under test, pointing at this infrastructure. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/**
 * Containers where a container engine exists; otherwise a fresh database on the local
 * PostgreSQL and NATS and Redis servers of the suite's own on free ports. Either way the
 * suite never meets development data or a development stack's services.
 */
export async function startTestInfrastructure(label: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<TestInfrastructure> {
  const source = await infrastructureSource();
  const [database, nats, redis] =
    source === 'containers'
      ? await Promise.all([startPostgresContainer(label), startNatsContainer(), startRedisContainer()])
      : await Promise.all([createTestDatabase(label), startEphemeralNats(), startEphemeralRedis()]);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    ...extraEnv,
  };
  return {
    source,
    database,
    nats,
    redis,
    env,
    async stop() {
      await Promise.allSettled([nats.stop(), redis.stop()]);
      await database.drop();
    },
  };
}

/** Sends commands to services under test as the gateway would. */
export class TestServiceClient {
  private constructor(
    readonly connection: NatsConnection,
    private readonly client: ServiceClient,
  ) {}

  static async connect(natsUrl: string, timeoutMs = 5_000): Promise<TestServiceClient> {
    const connection = await connect({ servers: natsUrl });
    return new TestServiceClient(connection, new ServiceClient(() => connection, timeoutMs));
  }

  send<R>(subject: string, payload: unknown, meta: Partial<RequestMeta> = {}): Promise<R> {
    return this.client.send<R>(subject, payload, meta);
  }

  as(actor: Actor, extra: Partial<RequestMeta> = {}) {
    return { send: <R>(subject: string, payload: unknown) => this.send<R>(subject, payload, { ...extra, actor }) };
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

export async function stopService(app: INestMicroservice | undefined): Promise<void> {
  if (app) await app.close();
}
