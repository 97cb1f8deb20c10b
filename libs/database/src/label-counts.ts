import { DataSource, EntityManager } from 'typeorm';

/** How many rows have a label (a status, a type, a day). */
export interface LabelCount {
  label: string;
  count: number;
}

/**
 * The rows of a `SELECT … AS label, count(*) AS count … GROUP BY` as numbers: PostgreSQL
 * sends count(*), a bigint, as text. In the statement's order.
 */
export async function labelCounts(source: DataSource | EntityManager, sql: string, parameters: unknown[]): Promise<LabelCount[]> {
  const rows: { label: string; count: string }[] = await source.query(sql, parameters);
  return rows.map((row) => ({ label: row.label, count: Number(row.count) }));
}
