import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Actor,
  AdminUserPage,
  DEFAULT_PAGE_SIZE,
  adminRoleAllows,
  FindUserIdsPayload,
  ListUsersPayload,
  FoundUserIds,
  IdentityCommands,
  LookupUsersPayload,
  USER_ID_PAGE_SIZE,
  UserSummaries,
  UserSummary,
} from '@portal/contracts';
import { keysetPageOf, preparedQuery } from '@portal/database';
import { CommandActor, CommandPayload, HandlesCommand, ServiceError } from '@portal/messaging';
import { SettingKeys, SystemSetting } from '../settings/system-setting.entity';
import { User } from '../users/user.entity';
import { nameOrEmailContains, SearchColumns } from '../users/user-search';
import { UsersSql, usersSql } from '../users/users-sql';

/** What the directory needs to know of its caller. */
const CALLER_FIELDS = ['userType', 'userStatus', 'adminRole'] as const satisfies readonly (keyof User)[];
type Caller = Pick<User, (typeof CALLER_FIELDS)[number]>;

/** Any active administrator: read with the answer, in the same statement, so a suspension applies at once. */
function isActiveAdmin(caller: Caller | undefined | null): caller is Caller {
  return !!caller && caller.userType === 'admin' && caller.userStatus !== 'suspended';
}

export const SUMMARY_FIELDS = ['id', 'email', 'firstName', 'lastName', 'userType', 'adminRole', 'userStatus', 'kycStatus'] as const satisfies readonly (keyof UserSummary & keyof User)[];

/** What other services and admin screens may know about a person. */
export function toUserSummary(user: Pick<User, (typeof SUMMARY_FIELDS)[number]>): UserSummary {
  return Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, user[field]])) as unknown as UserSummary;
}

/**
 * Other services' admin screens name the people in their records (a transaction's
 * client, a broadcast's audience) by asking identity, never by reading its schema.
 */
@Controller()
export class UserDirectoryController {
  private readonly sql: UsersSql;
  private readonly callerSql: string;
  private readonly summariesSql: string;
  private readonly searchColumns: SearchColumns;

  constructor(private readonly dataSource: DataSource) {
    this.sql = usersSql(dataSource);
    const sql = this.sql;
    this.callerSql = `SELECT ${sql.select(CALLER_FIELDS)} FROM ${sql.table} WHERE ${sql.column('id')} = $1 AND ${sql.live}`;
    // The people asked for and the caller, in one read (a list page waits for it); the
    // caller's row is only answered when it was asked for.
    this.summariesSql = `SELECT ${sql.select(SUMMARY_FIELDS)} FROM ${sql.table} WHERE (${sql.column('id')} = ANY($1::uuid[]) OR ${sql.column('id')} = $2) AND ${sql.live}`;
    this.searchColumns = { email: sql.column('email'), firstName: sql.column('firstName'), lastName: sql.column('lastName') };
  }

  @HandlesCommand(IdentityCommands.lookupUsers)
  async lookupUsers(@CommandActor() actor: Actor, @CommandPayload() payload: LookupUsersPayload): Promise<UserSummaries> {
    if (!actor) throw ServiceError.of(403, 'lookup_admins_only');
    const ids = new Set(payload.userIds);
    const rows = await preparedQuery<UserSummary>(this.dataSource, 'identity.user-summaries', this.summariesSql, [[...ids], actor.userId]);
    if (!isActiveAdmin(rows.find((row) => row.id === actor.userId))) throw ServiceError.of(403, 'lookup_admins_only');
    return { users: rows.filter((row) => ids.has(row.id)).map(toUserSummary) };
  }

  /**
   * Ids by filter or text, page by page: one statement that also reads the caller, so
   * nothing is answered unless an active admin asks. Each combination of filters is a
   * statement of its own, prepared once per connection (a text search keeps its index).
   */
  @HandlesCommand(IdentityCommands.findUserIds)
  async findUserIds(@CommandActor() actor: Actor, @CommandPayload() filter: FindUserIdsPayload): Promise<FoundUserIds> {
    if (!actor) throw ServiceError.of(403, 'lookup_admins_only');
    const { sql } = this;
    const values: unknown[] = [actor.userId];
    const bind = (value: unknown) => `$${values.push(value)}`;
    // The statement's name says which filters it has, so each text is prepared under a name of its own.
    const used: string[] = [];
    const conditions = [sql.live];
    const where = (filterName: string, condition: string) => {
      used.push(filterName);
      conditions.push(condition);
    };
    if (filter.userType) where('type', `${sql.column('userType')} = ${bind(filter.userType)}`);
    if (filter.userStatus) where('status', `${sql.column('userStatus')} = ${bind(filter.userStatus)}`);
    if (filter.kycStatus) where('kyc', `${sql.column('kycStatus')} = ${bind(filter.kycStatus)}`);
    if (filter.afterId) where('after', `${sql.column('id')} > ${bind(filter.afterId)}::uuid`);
    const text = filter.q?.trim();
    if (text) where('text', nameOrEmailContains(this.searchColumns, text, bind));
    const [row] = await preparedQuery<{ caller: Caller | null; ids: string[] }>(
      this.dataSource,
      `identity.find-user-ids:${used.join(',')}`,
      // The caller's read is callerSql itself: $1 is the caller's id here too.
      `SELECT (SELECT row_to_json(caller) FROM (${this.callerSql}) caller) AS caller,
              ARRAY(SELECT ${sql.column('id')} FROM ${sql.table} WHERE ${conditions.join(' AND ')} ORDER BY ${sql.column('id')} LIMIT ${USER_ID_PAGE_SIZE + 1})::text[] AS ids`,
      values,
    );
    if (!isActiveAdmin(row.caller)) throw ServiceError.of(403, 'lookup_admins_only');
    const page = row.ids.slice(0, USER_ID_PAGE_SIZE);
    return { userIds: page, nextAfterId: row.ids.length > USER_ID_PAGE_SIZE ? page[page.length - 1] : null };
  }

  /** User and Admin Management: admins with the users permission; newest first, cursor pages with the total. */
  @HandlesCommand(IdentityCommands.listUsers)
  async listUsers(@CommandActor() actor: Actor, @CommandPayload() filter: ListUsersPayload): Promise<AdminUserPage> {
    const caller = await this.requireAdmin(actor);
    const roles = await this.dataSource.getRepository(SystemSetting).findOneBy({ settingKey: SettingKeys.adminRoles });
    if (!adminRoleAllows(roles?.settingValue, caller.adminRole, 'users')) throw ServiceError.of(403, 'forbidden');
    const query = this.dataSource.getRepository(User).createQueryBuilder('user');
    if (filter.userType) query.andWhere('user.userType = :userType', { userType: filter.userType });
    if (filter.status) query.andWhere('user.userStatus = :userStatus', { userStatus: filter.status });
    if (filter.kycStatus) query.andWhere('user.kycStatus = :kycStatus', { kycStatus: filter.kycStatus });
    const text = filter.q?.trim();
    if (text) {
      const alias = query.escape(query.alias);
      const values: Record<string, string> = {};
      const bind = (value: string) => {
        const name = `search${Object.keys(values).length}`;
        values[name] = value;
        return `:${name}`;
      };
      const columns = { email: `${alias}.${this.searchColumns.email}`, firstName: `${alias}.${this.searchColumns.firstName}`, lastName: `${alias}.${this.searchColumns.lastName}` };
      query.andWhere(nameOrEmailContains(columns, text, bind), values);
    }
    const [{ rows, nextCursor }, total] = await Promise.all([
      keysetPageOf(query, { at: 'user.createdAt', id: 'user.id', limit: filter.limit ?? DEFAULT_PAGE_SIZE, cursor: filter.cursor }),
      query.getCount(),
    ]);
    const [counts] = await this.dataSource.query<Record<string, string>[]>(
      `SELECT COUNT(*) AS total,
              COUNT(*) FILTER (WHERE user_status = 'active') AS active,
              COUNT(*) FILTER (WHERE user_status = 'suspended') AS suspended,
              COUNT(*) FILTER (WHERE user_type = 'customer') AS customers,
              COUNT(*) FILTER (WHERE user_type = 'admin') AS admins,
              COUNT(*) FILTER (WHERE user_type = 'customer' AND kyc_status = 'pending') AS "kycPending"
         FROM identity.users WHERE deleted_at IS NULL`,
    );
    return {
      items: rows.map((user) => ({ ...toUserSummary(user), createdAt: user.createdAt.toISOString() })),
      nextCursor,
      total,
      counts: {
        total: Number(counts.total),
        active: Number(counts.active),
        suspended: Number(counts.suspended),
        customers: Number(counts.customers),
        admins: Number(counts.admins),
        kycPending: Number(counts.kycPending),
      },
    };
  }

  /** Any active administrator, read from the database so a suspension applies at once. */
  private async requireAdmin(actor: Actor | null): Promise<Caller> {
    const [caller] = actor ? await preparedQuery<Caller>(this.dataSource, 'identity.directory-caller', this.callerSql, [actor.userId]) : [];
    if (!isActiveAdmin(caller)) throw ServiceError.of(403, 'lookup_admins_only');
    return caller;
  }
}
