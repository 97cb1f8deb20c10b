import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEFAULT_PAGE_SIZE, FindUserIdsPayload, ListUsersPayload, USER_ID_PAGE_SIZE, UserSummary } from '@portal/contracts';
import { keysetPageOf, preparedQuery } from '@portal/database';
import { SettingKeys, SystemSetting } from '../settings/system-setting.entity';
import { User } from '../users/user.entity';
import { nameOrEmailContains, SearchColumns } from '../users/user-search';
import { UsersSql, usersSql } from '../users/users-sql';
import { SUMMARY_FIELDS } from './user-summary';

/** What the directory needs to know of its caller. */
const CALLER_FIELDS = ['userType', 'userStatus', 'adminRole'] as const satisfies readonly (keyof User)[];
export type Caller = Pick<User, (typeof CALLER_FIELDS)[number]>;

/** Live accounts (not deleted) counted by status and type, as PostgreSQL answers them (bigint as text). */
export type DirectoryCounts = Record<'total' | 'active' | 'suspended' | 'customers' | 'admins' | 'kycPending', string>;

/**
 * The directory's reads of identity.users (live accounts only). The caller is read in the
 * same statement as the answer wherever it can be, so a suspension applies at once.
 */
@Injectable()
export class UserDirectoryQueries {
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

  /** The people asked for and the caller's own row, whether asked for or not. */
  summaries(userIds: string[], callerId: string): Promise<UserSummary[]> {
    return preparedQuery<UserSummary>(this.dataSource, 'identity.user-summaries', this.summariesSql, [userIds, callerId]);
  }

  /**
   * The caller and up to one more than a page of ids by filter or text, in id order. Each
   * combination of filters is a statement of its own, prepared once per connection (a text
   * search keeps its index).
   */
  async userIds(callerId: string, filter: FindUserIdsPayload): Promise<{ caller: Caller | null; ids: string[] }> {
    const { sql } = this;
    const values: unknown[] = [callerId];
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
    return row;
  }

  async caller(userId: string): Promise<Caller | undefined> {
    const [caller] = await preparedQuery<Caller>(this.dataSource, 'identity.directory-caller', this.callerSql, [userId]);
    return caller;
  }

  /** The admin_roles setting as stored (undefined when not set). */
  async adminRoles(): Promise<unknown> {
    return (await this.dataSource.getRepository(SystemSetting).findOneBy({ settingKey: SettingKeys.adminRoles }))?.settingValue;
  }

  /** Newest first, a cursor page of the accounts matching the filter, with their total. */
  async page(filter: ListUsersPayload): Promise<{ rows: User[]; nextCursor: string | null; total: number }> {
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
    return { rows, nextCursor, total };
  }

  async counts(): Promise<DirectoryCounts> {
    const [counts] = await this.dataSource.query<DirectoryCounts[]>(
      `SELECT COUNT(*) AS total,
              COUNT(*) FILTER (WHERE user_status = 'active') AS active,
              COUNT(*) FILTER (WHERE user_status = 'suspended') AS suspended,
              COUNT(*) FILTER (WHERE user_type = 'customer') AS customers,
              COUNT(*) FILTER (WHERE user_type = 'admin') AS admins,
              COUNT(*) FILTER (WHERE user_type = 'customer' AND kyc_status = 'pending') AS "kycPending"
         FROM identity.users WHERE deleted_at IS NULL`,
    );
    return counts;
  }
}
