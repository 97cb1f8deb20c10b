import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Actor,
  AdminUserPage,
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
import { preparedQuery } from '@portal/database';
import { CommandActor, CommandPayload, HandlesCommand, ServiceError } from '@portal/messaging';
import { SettingKeys, SystemSetting } from '../settings/system-setting.entity';
import { User } from '../users/user.entity';
import { whereNameOrEmailContains } from '../users/user-search';
import { usersSql } from '../users/users-sql';

/** What the directory needs to know of its caller. */
const CALLER_FIELDS = ['userType', 'userStatus', 'adminRole'] as const satisfies readonly (keyof User)[];
type Caller = Pick<User, (typeof CALLER_FIELDS)[number]>;

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
  private readonly callerSql: string;
  private readonly summariesSql: string;

  constructor(private readonly dataSource: DataSource) {
    const sql = usersSql(dataSource);
    this.callerSql = `SELECT ${sql.select(CALLER_FIELDS)} FROM ${sql.table} WHERE ${sql.column('id')} = $1 AND ${sql.live}`;
    this.summariesSql = `SELECT ${sql.select(SUMMARY_FIELDS)} FROM ${sql.table} WHERE ${sql.column('id')} = ANY($1::uuid[]) AND ${sql.live}`;
  }

  @HandlesCommand(IdentityCommands.lookupUsers)
  async lookupUsers(@CommandActor() actor: Actor, @CommandPayload() payload: LookupUsersPayload): Promise<UserSummaries> {
    const ids = [...new Set(payload.userIds)];
    // Both reads at once (a list page waits for this): nothing is answered unless the caller passes.
    const [, users] = await Promise.all([
      this.requireAdmin(actor),
      ids.length === 0 ? [] : preparedQuery<UserSummary>(this.dataSource, 'identity.user-summaries', this.summariesSql, [ids]),
    ]);
    return { users: users.map(toUserSummary) };
  }

  @HandlesCommand(IdentityCommands.findUserIds)
  async findUserIds(@CommandActor() actor: Actor, @CommandPayload() filter: FindUserIdsPayload): Promise<FoundUserIds> {
    const query = this.dataSource.getRepository(User).createQueryBuilder('user').select('user.id', 'id').orderBy('user.id').limit(USER_ID_PAGE_SIZE + 1);
    if (filter.userType) query.andWhere('user.userType = :userType', { userType: filter.userType });
    if (filter.userStatus) query.andWhere('user.userStatus = :userStatus', { userStatus: filter.userStatus });
    if (filter.kycStatus) query.andWhere('user.kycStatus = :kycStatus', { kycStatus: filter.kycStatus });
    if (filter.afterId) query.andWhere('user.id > :afterId', { afterId: filter.afterId });
    const text = filter.q?.trim();
    if (text) whereNameOrEmailContains(query, text);
    // As in lookupUsers: the caller check and the search at once, and nothing answered unless it passes.
    const [, rows] = await Promise.all([this.requireAdmin(actor), query.getRawMany<{ id: string }>()]);
    const page = rows.slice(0, USER_ID_PAGE_SIZE).map((row) => row.id);
    return { userIds: page, nextAfterId: rows.length > USER_ID_PAGE_SIZE ? page[page.length - 1] : null };
  }

  /** User and Admin Management: admins with the users permission; newest first, offset pages with the total. */
  @HandlesCommand(IdentityCommands.listUsers)
  async listUsers(@CommandActor() actor: Actor, @CommandPayload() filter: ListUsersPayload): Promise<AdminUserPage> {
    const caller = await this.requireAdmin(actor);
    const roles = await this.dataSource.getRepository(SystemSetting).findOneBy({ settingKey: SettingKeys.adminRoles });
    if (!adminRoleAllows(roles?.settingValue, caller.adminRole, 'users')) throw ServiceError.forbidden('Access denied. You do not have permission to do this.', 'forbidden');
    const page = filter.page ?? 1;
    const pageSize = filter.pageSize ?? 20;
    const query = this.dataSource.getRepository(User).createQueryBuilder('user').orderBy('user.createdAt', 'DESC').addOrderBy('user.id', 'DESC');
    if (filter.userType) query.andWhere('user.userType = :userType', { userType: filter.userType });
    if (filter.status) query.andWhere('user.userStatus = :userStatus', { userStatus: filter.status });
    if (filter.kycStatus) query.andWhere('user.kycStatus = :kycStatus', { kycStatus: filter.kycStatus });
    const text = filter.q?.trim();
    if (text) whereNameOrEmailContains(query, text);
    const [rows, total] = await query
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
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
      total,
      page,
      pageSize,
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
    if (!caller || caller.userType !== 'admin' || caller.userStatus === 'suspended') {
      throw ServiceError.forbidden('Only administrators can look people up.', 'forbidden');
    }
    return caller;
  }
}
