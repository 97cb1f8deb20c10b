import { PostgreSqlContainer } from '@testcontainers/postgresql';
import { RedisContainer } from '@testcontainers/redis';
import { GenericContainer, getContainerRuntimeClient, Wait } from 'testcontainers';
import type { EphemeralServer } from './ephemeral-servers';
import type { TestDatabase } from './test-database';

export type InfrastructureSource = 'containers' | 'local';

let detected: Promise<InfrastructureSource> | undefined;

/**
 * Where a test suite's PostgreSQL, NATS and Redis come from: containers (testcontainers)
 * when a Docker-compatible engine answers, otherwise the machine's own servers.
 * TEST_INFRASTRUCTURE=containers|local forces one.
 */
export function infrastructureSource(): Promise<InfrastructureSource> {
  const forced = process.env.TEST_INFRASTRUCTURE;
  if (forced === 'containers' || forced === 'local') return Promise.resolve(forced);
  detected ??= getContainerRuntimeClient().then(
    () => 'containers' as const,
    () => 'local' as const,
  );
  return detected;
}

/** A PostgreSQL container of the suite's own: its database is fresh by construction. */
export async function startPostgresContainer(label: string): Promise<TestDatabase> {
  const name = `portal_test_${label.replace(/\W/g, '_').toLowerCase()}`;
  const container = await new PostgreSqlContainer('postgres:15-alpine').withDatabase(name).start();
  return { url: container.getConnectionUri(), name, drop: async () => void (await container.stop()) };
}

/** NATS with JetStream in a container. */
export async function startNatsContainer(): Promise<EphemeralServer> {
  const container = await new GenericContainer('nats:2.9-alpine')
    .withCommand(['-js'])
    .withExposedPorts(4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start();
  const port = container.getMappedPort(4222);
  return { url: `nats://${container.getHost()}:${port}`, port, stop: async () => void (await container.stop()) };
}

export async function startRedisContainer(): Promise<EphemeralServer> {
  const container = await new RedisContainer('redis:7-alpine').start();
  const url = container.getConnectionUrl();
  return { url, port: Number(new URL(url).port), stop: async () => void (await container.stop()) };
}
