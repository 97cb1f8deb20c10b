import { DataSource } from 'typeorm';

/** TypeORM's pg pool, when the data source has one (PostgresDriver.master). */
interface PgPool {
  query<Row>(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

function pgPoolOf(dataSource: DataSource): PgPool | null {
  const pool = (dataSource.driver as { master?: Partial<PgPool> }).master;
  return typeof pool?.query === 'function' ? (pool as PgPool) : null;
}

/** Off (DATABASE_PREPARED_STATEMENTS=false) when the data source goes through a transaction-mode pooler. */
function namedStatementsAllowed(dataSource: DataSource): boolean {
  return (dataSource.options as { extra?: { preparedStatements?: boolean } }).extra?.preparedStatements !== false;
}

/**
 * A hot read (one statement, outside any transaction) as a named statement on TypeORM's
 * own pool: each pooled connection parses and plans it once, and the query runner, the
 * query builder and entity hydration are skipped; on the paths that run per request they
 * cost more than the query. A name belongs to exactly one text. Behind a
 * transaction-mode pooler (PgBouncer 1.18) a named statement prepared on one server
 * connection is unknown on the next, so with prepared statements off the same text
 * runs as a plain parameterised (unnamed) query.
 */
export async function preparedQuery<Row>(dataSource: DataSource, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const pool = pgPoolOf(dataSource);
  if (!pool) return dataSource.query(text, values);
  if (!namedStatementsAllowed(dataSource)) return (await pool.query<Row>({ text, values })).rows;
  return (await pool.query<Row>({ name, text, values })).rows;
}
