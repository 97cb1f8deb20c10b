import { Controller } from '@nestjs/common';
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
} from '@portal/contracts';
import { CommandActor, CommandPayload, HandlesCommand, ServiceError } from '@portal/messaging';
import { Caller, UserDirectoryQueries } from './user-directory.queries';
import { toUserSummary } from './user-summary';

/** Any active administrator: read with the answer, in the same statement, so a suspension applies at once. */
function isActiveAdmin(caller: Caller | undefined | null): caller is Caller {
  return !!caller && caller.userType === 'admin' && caller.userStatus !== 'suspended';
}

/**
 * Other services' admin screens name the people in their records (a transaction's
 * client, a broadcast's audience) by asking identity, never by reading its schema.
 */
@Controller()
export class UserDirectoryController {
  constructor(private readonly directory: UserDirectoryQueries) {}

  @HandlesCommand(IdentityCommands.lookupUsers)
  async lookupUsers(@CommandActor() actor: Actor, @CommandPayload() payload: LookupUsersPayload): Promise<UserSummaries> {
    if (!actor) throw ServiceError.of(403, 'lookup_admins_only');
    const ids = new Set(payload.userIds);
    const rows = await this.directory.summaries([...ids], actor.userId);
    if (!isActiveAdmin(rows.find((row) => row.id === actor.userId))) throw ServiceError.of(403, 'lookup_admins_only');
    return { users: rows.filter((row) => ids.has(row.id)).map(toUserSummary) };
  }

  /** Ids by filter or text, page by page: nothing is answered unless an active admin asks. */
  @HandlesCommand(IdentityCommands.findUserIds)
  async findUserIds(@CommandActor() actor: Actor, @CommandPayload() filter: FindUserIdsPayload): Promise<FoundUserIds> {
    if (!actor) throw ServiceError.of(403, 'lookup_admins_only');
    const { caller, ids } = await this.directory.userIds(actor.userId, filter);
    if (!isActiveAdmin(caller)) throw ServiceError.of(403, 'lookup_admins_only');
    const page = ids.slice(0, USER_ID_PAGE_SIZE);
    return { userIds: page, nextAfterId: ids.length > USER_ID_PAGE_SIZE ? page[page.length - 1] : null };
  }

  /** User and Admin Management: admins with the users permission; newest first, cursor pages with the total. */
  @HandlesCommand(IdentityCommands.listUsers)
  async listUsers(@CommandActor() actor: Actor, @CommandPayload() filter: ListUsersPayload): Promise<AdminUserPage> {
    const caller = await this.requireAdmin(actor);
    if (!adminRoleAllows(await this.directory.adminRoles(), caller.adminRole, 'users')) throw ServiceError.of(403, 'forbidden');
    const { rows, nextCursor, total } = await this.directory.page(filter);
    const counts = await this.directory.counts();
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
    const caller = actor ? await this.directory.caller(actor.userId) : undefined;
    if (!isActiveAdmin(caller)) throw ServiceError.of(403, 'lookup_admins_only');
    return caller;
  }
}
