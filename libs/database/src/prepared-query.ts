import { DataSource } from 'typeorm';

/** TypeORM's pg pool, when the data source has one (PostgresDriver.master). */
interface PgPool {
  query<Row>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

function pgPoolOf(dataSource: DataSource): PgPool | null {
  const pool = (dataSource.driver as { master?: Partial<PgPool> }).master;
  return typeof pool?.query === 'function' ? (pool as PgPool) : null;
}

/**
 * A hot read (one statement, outside any transaction) as a named statement on TypeORM's
 * own pool: each pooled connection parses and plans it once, and the query runner, the
 * query builder and entity hydration are skipped; on the paths that run per request they
 * cost more than the query. A name belongs to exactly one text. (Behind a
 * transaction-mode pooler such as PgBouncer, named statements need its
 * prepared-statement support.)
 */
export async function preparedQuery<Row>(dataSource: DataSource, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const pool = pgPoolOf(dataSource);
  if (!pool) return dataSource.query(text, values);
  return (await pool.query<Row>({ name, text, values })).rows;
}
