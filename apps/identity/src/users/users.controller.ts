import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, IdentityCommands, SessionUser } from '@portal/contracts';
import { CommandActor, HandlesCommand, ServiceError } from '@portal/messaging';
import { toSessionUser } from './user-records';
import { User } from './user.entity';

/** What a client may know about the signed-in person: the fields of SessionUser, in its order. */
const SESSION_USER_FIELDS = ['id', 'email', 'firstName', 'lastName', 'userType', 'adminRole', 'kycStatus', 'userStatus'] as const satisfies readonly (keyof SessionUser & keyof User)[];

/**
 * The single-row read behind every signed-in page: only SessionUser's columns, by primary
 * key, as plain SQL. It is built once from the entity's mapping (table and column names
 * follow the entity), and skips the query builder and entity hydration, which cost more
 * than the query itself on this path.
 */
export function currentUserQuery(dataSource: DataSource): string {
  const metadata = dataSource.getMetadata(User);
  const escape = (name: string) => dataSource.driver.escape(name);
  const column = (property: (typeof SESSION_USER_FIELDS)[number]) => {
    const found = metadata.findColumnWithPropertyName(property);
    if (!found) throw new Error(`User has no column for ${property}`);
    return escape(found.databaseName);
  };
  const table = metadata.schema ? `${escape(metadata.schema)}.${escape(metadata.tableName)}` : escape(metadata.tableName);
  const select = SESSION_USER_FIELDS.map((property) => `${column(property)} AS ${escape(property)}`).join(', ');
  return `SELECT ${select} FROM ${table} WHERE ${column('id')} = $1`;
}

/** TypeORM's pg pool, when the data source has one (PostgresDriver.master). */
interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: SessionUser[] }>;
}

function pgPoolOf(dataSource: DataSource): PgPool | null {
  const pool = (dataSource.driver as { master?: Partial<PgPool> }).master;
  return typeof pool?.query === 'function' ? (pool as PgPool) : null;
}

@Controller()
export class UsersController {
  private readonly currentUserSql: string;

  constructor(private readonly dataSource: DataSource) {
    this.currentUserSql = currentUserQuery(dataSource);
  }

  /** The signed-in person as stored now (a role or status change shows before the token expires). */
  @HandlesCommand(IdentityCommands.getCurrentUser)
  async getCurrentUser(@CommandActor() actor: Actor): Promise<SessionUser> {
    const rows = await this.selectCurrentUser(actor.userId);
    if (rows.length === 0) throw ServiceError.notFound('This account no longer exists.', 'user_not_found');
    return toSessionUser(rows[0]);
  }

  /**
   * A named statement on TypeORM's own pool: each connection parses and plans it once,
   * which more than halves PostgreSQL's work for this lookup. (Behind a transaction-mode
   * pooler such as PgBouncer named statements would need its prepared-statement support.)
   */
  private async selectCurrentUser(userId: string): Promise<SessionUser[]> {
    const pool = pgPoolOf(this.dataSource);
    if (!pool) return this.dataSource.query(this.currentUserSql, [userId]);
    return (await pool.query({ name: 'identity.current-user', text: this.currentUserSql, values: [userId] })).rows;
  }
}
