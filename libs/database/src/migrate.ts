import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ServiceDatabaseOptions, serviceDataSourceOptions } from './data-source-options';

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
    // Only when missing: CREATE SCHEMA needs CREATE on the database even with IF NOT EXISTS,
    // which a service role owning just its schema (deploy/postgres/roles.sql) lacks.
    const exists = await runner.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [schema]);
    if (exists.length === 0) await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
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

/**
 * Migrates a service's schema on its own short-lived connections to `migrationUrl` (the
 * direct URL; `url` when unset) and closes them. The advisory lock in
 * migrateServiceSchema is held by one session across statements, which a
 * transaction-mode pooler would hand to other clients between them: behind PgBouncer
 * the migration must go straight to PostgreSQL.
 */
export async function migrateServiceDatabase(options: ServiceDatabaseOptions): Promise<string[]> {
  // Two connections: one holds the lock, one runs the migrations.
  const direct = serviceDataSourceOptions({ ...options, url: options.migrationUrl ?? options.url, poolSize: 2 }) as DataSourceOptions;
  const dataSource = await new DataSource(direct).initialize();
  try {
    return await migrateServiceSchema(dataSource, options.schema);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * A service's `dist/migrate.js` (and `npm run migrate`): creates the database when missing,
 * migrates the schema through the direct URL, says what ran and exits. A Kubernetes Job
 * or init step runs it so the pods can start with DATABASE_MIGRATIONS=skip.
 */
export async function runMigrationCommand(options: ServiceDatabaseOptions): Promise<void> {
  try {
    await ensureDatabaseExists(options.migrationUrl ?? options.url);
    const applied = await migrateServiceDatabase(options);
    process.stdout.write(`${options.schema}: ${applied.length > 0 ? `applied ${applied.join(', ')}` : 'up to date'}\n`);
  } catch (error) {
    process.stderr.write(`${options.schema}: migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
