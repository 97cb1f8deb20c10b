import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SessionUser } from '@portal/contracts';
import { preparedQuery } from '@portal/database';
import { User } from './user.entity';
import { usersSql } from './users-sql';

/** What a client may know about the signed-in person: the fields of SessionUser, in its order. */
const SESSION_USER_FIELDS = ['id', 'email', 'firstName', 'lastName', 'userType', 'adminRole', 'kycStatus', 'userStatus'] as const satisfies readonly (keyof SessionUser & keyof User)[];

/**
 * The single-row read behind every signed-in page: only SessionUser's columns, by primary
 * key, as a prepared statement.
 */
export function currentUserQuery(dataSource: DataSource): string {
  const sql = usersSql(dataSource);
  return `SELECT ${sql.select(SESSION_USER_FIELDS)} FROM ${sql.table} WHERE ${sql.column('id')} = $1 AND ${sql.live}`;
}

/** The signed-in person's own row of identity.users (none once the account is deleted). */
@Injectable()
export class CurrentUserQueries {
  private readonly currentUserSql: string;

  constructor(private readonly dataSource: DataSource) {
    this.currentUserSql = currentUserQuery(dataSource);
  }

  async find(userId: string): Promise<SessionUser | null> {
    const [user] = await preparedQuery<SessionUser>(this.dataSource, 'identity.current-user', this.currentUserSql, [userId]);
    return user ?? null;
  }
}
