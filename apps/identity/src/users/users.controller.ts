import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Actor, IdentityCommands, SessionUser } from '@portal/contracts';
import { preparedQuery } from '@portal/database';
import { CommandActor, HandlesCommand, ServiceError } from '@portal/messaging';
import { toSessionUser } from './user-records';
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
    if (rows.length === 0) throw ServiceError.of(404, 'account_deleted');
    return toSessionUser(rows[0]);
  }

  private selectCurrentUser(userId: string): Promise<SessionUser[]> {
    return preparedQuery<SessionUser>(this.dataSource, 'identity.current-user', this.currentUserSql, [userId]);
  }
}
