import { Client } from 'pg';
import { DataSource } from 'typeorm';

/**
 * Creates the service's schema and runs its pending migrations. Safe to run at every
 * start and from several replicas at once: an advisory lock lets one migrate while the
 * others wait, then find nothing to do.
 */
export async function migrateServiceSchema(dataSource: DataSource, schema: string): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`SELECT pg_advisory_lock(hashtext($1))`, [`migrate:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query(`SELECT pg_advisory_unlock(hashtext($1))`, [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

/** Creates the database named in the URL when it does not exist yet (first start on a new machine). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`DATABASE_URL names an unusable database: ${name}`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created by a concurrent starter
      });
    }
  } finally {
    await client.end();
  }
}
