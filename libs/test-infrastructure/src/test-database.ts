import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** The PostgreSQL server tests use; TEST_DATABASE_URL overrides the local default. */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

async function onServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A brand-new, empty database for one test suite, so tests never touch development data. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `portal_test_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
