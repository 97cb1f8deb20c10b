import { DataSource } from 'typeorm';
import { User } from './user.entity';

/** Plain SQL over the users table: names come from the entity's mapping, so they follow it. */
export interface UsersSql {
  /** The schema-qualified table. */
  table: string;
  column(property: keyof User): string;
  /** Not closed: TypeORM's finds leave soft-deleted rows out, and so must these reads. */
  live: string;
  /** `column AS "property", ...`: rows come back keyed by the entity's property names. */
  select(properties: readonly (keyof User)[]): string;
}

/**
 * For the per-request reads (the signed-in user, other services' name lookups), which
 * skip the query builder and entity hydration: on those paths they cost more than the
 * query itself. Built once per data source.
 */
export function usersSql(dataSource: DataSource): UsersSql {
  const metadata = dataSource.getMetadata(User);
  const escape = (name: string) => dataSource.driver.escape(name);
  const column = (property: keyof User) => {
    const found = metadata.findColumnWithPropertyName(property);
    if (!found) throw new Error(`User has no column for ${property}`);
    return escape(found.databaseName);
  };
  return {
    table: metadata.schema ? `${escape(metadata.schema)}.${escape(metadata.tableName)}` : escape(metadata.tableName),
    column,
    live: `${column('deletedAt')} IS NULL`,
    select: (properties) => properties.map((property) => `${column(property)} AS ${escape(property)}`).join(', '),
  };
}
