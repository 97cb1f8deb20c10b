import { DataSource, EntityManager } from 'typeorm';

/** Columns never exported: credentials, secrets, token hashes and stored file contents. */
const NEVER_EXPORTED = /password|secret|token|hash|recovery|otp|^data$|^content$|bytes/i;

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Rows about a person for their data export (Download My Data): camelCase keys, without
 * credentials or file contents. The query must select by the verified actor's id only.
 */
export async function personalRows(source: DataSource | EntityManager, sql: string, parameters: unknown[]): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = await source.query(sql, parameters);
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([name, value]) => !NEVER_EXPORTED.test(name) && !Buffer.isBuffer(value))
        .map(([name, value]) => [camel(name), value]),
    ),
  );
}
