import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import {
  Actor,
  adminRoleAllows,
  RequestMeta,
  SessionEndedFromLink,
  SessionList,
  SessionsEnded,
  SessionView,
} from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { lockAdministratorChanges } from '../account-administration/account-administration.service';
import { AuditRecord, recordAudit } from '../audit/record-audit';
import { SettingsService } from '../settings/settings.service';
import { SettingKeys, SystemSetting } from '../settings/system-setting.entity';
import { hashOpaqueToken } from '../tokens/opaque-token';
import { singleUseTokenState } from '../tokens/single-use-token';
import { User } from '../users/user.entity';
import { lockAccount, lockAccountShared } from './account-lock';
import { deviceName, displayAddress } from './device-name';
import { RefreshToken } from './refresh-token.entity';
import { SessionEndToken } from './session-end-token.entity';
import { SessionsService } from './sessions.service';

const sessionNotFound = () => ServiceError.of(404, 'sign_in_session_not_found');
const userNotFound = () => ServiceError.of(404, 'user_not_found');
const endLinkInvalid = () => ServiceError.of(400, 'session_end_link_invalid');

/** Who ends a session, for its audit record. */
type Ender = { kind: 'owner'; user: User } | { kind: 'admin'; admin: User } | { kind: 'email_link' };

/**
 * Sessions and devices: a user's live sessions (one per sign-in family: its newest token,
 * neither rotated nor revoked, not expired, within the security setting's idle and absolute
 * limits), and ending them. Ending revokes the family's refresh tokens in the account's
 * turn (lockAccount, as every revocation) with one audit record per session, and once that
 * has committed marks the session revoked in Redis: the gateway refuses its access tokens
 * from the next request and closes its live-update streams at its next sweep.
 *
 * Token lifetimes here are read against the database's clock, which wrote them (as
 * SessionsService does); the business Clock may run days ahead outside production.
 */
@Injectable()
export class SessionDevicesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly settings: SettingsService,
  ) {}

  listMine(actor: Actor): Promise<SessionList> {
    return this.list(this.dataSource.manager, actor.userId, actor.sessionId);
  }

  async endMine(actor: Actor, sessionId: string, meta: RequestMeta): Promise<SessionsEnded> {
    await this.endSessions(actor.userId, meta, async ({ heads, account }) => {
      if (!heads.some((head) => head.sessionId === sessionId)) throw sessionNotFound();
      return { sessionIds: [sessionId], ender: { kind: 'owner', user: account } };
    });
    return { ended: 1 };
  }

  async endMyOthers(actor: Actor, meta: RequestMeta): Promise<SessionsEnded> {
    const ended = await this.endSessions(actor.userId, meta, async ({ heads, account }) => ({
      sessionIds: heads.filter((head) => head.sessionId !== actor.sessionId).map((head) => head.sessionId),
      ender: { kind: 'owner', user: account },
    }));
    return { ended };
  }

  async listUsers(actor: Actor, userId: string): Promise<SessionList> {
    return this.dataSource.transaction(async (manager) => {
      await this.permittedAdmin(manager, actor, userId);
      return this.list(manager, userId, actor.sessionId);
    });
  }

  async endUsers(actor: Actor, userId: string, sessionId: string, meta: RequestMeta): Promise<SessionsEnded> {
    // One's own sessions are ended from Settings → Security (and the caller's row is share-locked below).
    if (userId === actor.userId) throw ServiceError.of(409, 'own_account');
    await this.endSessions(
      userId,
      meta,
      async ({ heads, admin }) => {
        if (!heads.some((head) => head.sessionId === sessionId)) throw sessionNotFound();
        return { sessionIds: [sessionId], ender: { kind: 'admin', admin: admin as User } };
      },
      { authorise: (manager) => this.permittedAdmin(manager, actor, userId) },
    );
    return { ended: 1 };
  }

  /**
   * The emailed link, opened by whoever holds the mailbox (no sign-in): ends the session it
   * was sent for, once. A session that has ended already is ended all the same (answered so).
   */
  async endFromLink(token: string, meta: RequestMeta): Promise<SessionEndedFromLink> {
    const tokenHash = hashOpaqueToken(token);
    const link = await this.dataSource.manager.findOneBy(SessionEndToken, { tokenHash });
    if (!link || singleUseTokenState(link) !== 'usable') throw endLinkInvalid();
    await this.endSessions(link.userId, meta, async ({ manager, heads }) => {
      // Under the account lock: of two uses of one link only the first gets through.
      const locked = await manager.createQueryBuilder(SessionEndToken, 'link').setLock('pessimistic_write').where('link.tokenHash = :tokenHash', { tokenHash }).getOne();
      if (!locked || singleUseTokenState(locked) !== 'usable') throw endLinkInvalid();
      await manager.update(SessionEndToken, { id: locked.id }, { consumedAt: new Date() });
      return { sessionIds: heads.some((head) => head.sessionId === locked.sessionId) ? [locked.sessionId] : [], ender: { kind: 'email_link' } };
    }, { missing: endLinkInvalid });
    return { ended: true };
  }

  /**
   * One transaction: `authorise` (an admin's right, decided before the account is locked),
   * the account locked, its live sessions read, `choose` picks those to end; they are revoked
   * and audited one by one. Marked revoked for the gateway once committed. Answers how many.
   */
  private async endSessions(
    userId: string,
    meta: RequestMeta,
    choose: (found: { manager: EntityManager; heads: RefreshToken[]; account: User; admin: User | null }) => Promise<{ sessionIds: string[]; ender: Ender }>,
    { authorise, missing = userNotFound }: { authorise?: (manager: EntityManager) => Promise<User>; missing?: () => ServiceError } = {},
  ): Promise<number> {
    const ended = await this.dataSource.transaction(async (manager) => {
      const admin = authorise ? await authorise(manager) : null;
      const account = await lockAccount(manager, userId);
      if (!account) throw missing();
      const heads = await this.liveHeads(manager, userId);
      const { sessionIds, ender } = await choose({ manager, heads, account, admin });
      if (sessionIds.length === 0) return [];
      await manager.update(RefreshToken, { userId, sessionId: In(sessionIds), revokedAt: IsNull() }, { revokedAt: new Date() });
      for (const sessionId of sessionIds) {
        const head = heads.find((candidate) => candidate.sessionId === sessionId);
        await recordAudit(manager, auditOf(ender, account, sessionId, head, meta));
      }
      return sessionIds;
    });
    await this.sessions.markRevoked(ended, 'signed_out');
    return ended.length;
  }

  private async list(manager: EntityManager, userId: string, currentSessionId: string): Promise<SessionList> {
    const heads = await this.liveHeads(manager, userId);
    return { items: heads.map((head) => toSessionView(head, currentSessionId)) };
  }

  /** Each live session's newest token, most recently active first. */
  private async liveHeads(manager: EntityManager, userId: string): Promise<RefreshToken[]> {
    const { sessionIdleMinutes, sessionAbsoluteHours } = await this.settings.security(manager);
    return manager
      .createQueryBuilder(RefreshToken, 'token')
      .where('token.userId = :userId', { userId })
      .andWhere('token.revokedAt IS NULL')
      .andWhere('token.rotatedAt IS NULL')
      .andWhere('token.expiresAt > now()')
      // Past these a refresh is refused (SessionsService.outlivedSecurityLimits): not live any more.
      .andWhere(`token.createdAt > now() - make_interval(mins => :idle)`, { idle: sessionIdleMinutes })
      .andWhere(`token.sessionStartedAt > now() - make_interval(hours => :absolute)`, { absolute: sessionAbsoluteHours })
      .orderBy('token.createdAt', 'DESC')
      .addOrderBy('token.sessionId', 'ASC')
      .getMany();
  }

  /**
   * The caller as stored now, allowed to see and end the account's sessions: an active
   * administrator; an administrator's sessions are a super admin's to manage, a customer's
   * anyone's whose role has the users permission (as the other User Management decisions).
   * The caller's row is share-locked until the transaction ends, after the administrator
   * lock where the account is an administrator's: the order account-administration takes.
   */
  private async permittedAdmin(manager: EntityManager, actor: Actor, userId: string): Promise<User> {
    const target = await manager.findOneBy(User, { id: userId });
    if (target?.userType === 'admin') await lockAdministratorChanges(manager);
    const caller = await lockAccountShared(manager, actor.userId);
    if (!caller || caller.userType !== 'admin' || caller.userStatus !== 'active') throw ServiceError.of(403, 'forbidden');
    if (!target) throw userNotFound();
    const roles = await manager.findOne(SystemSetting, { where: { settingKey: SettingKeys.adminRoles }, lock: { mode: 'pessimistic_read' } });
    const allowed = target.userType === 'admin' ? caller.adminRole === 'super_admin' : adminRoleAllows(roles?.settingValue, caller.adminRole, 'users');
    if (!allowed) throw ServiceError.of(403, 'forbidden');
    return caller;
  }
}

function toSessionView(head: RefreshToken, currentSessionId: string): SessionView {
  return {
    id: head.sessionId,
    current: head.sessionId === currentSessionId,
    userAgent: head.userAgent,
    device: deviceName(head.userAgent),
    createdAt: head.sessionStartedAt.toISOString(),
    lastSeenAt: head.createdAt.toISOString(),
    address: displayAddress(head.clientIp),
  };
}

function auditOf(ender: Ender, account: User, sessionId: string, head: RefreshToken | undefined, meta: RequestMeta): AuditRecord {
  const device = deviceName(head?.userAgent) ?? head?.userAgent ?? 'an unknown device';
  const where = head?.clientIp ? ` at ${displayAddress(head.clientIp)}` : '';
  const session = { sessionId, device: head ? deviceName(head.userAgent) : null, sessionAddress: displayAddress(head?.clientIp ?? null), userAgent: meta.userAgent, requestId: meta.requestId };
  const base = { targetType: 'user', targetId: account.id, clientIp: meta.clientIp ?? null };
  switch (ender.kind) {
    case 'owner':
      return {
        ...base,
        category: 'security_event',
        actionType: 'session_ended',
        actor: { userId: account.id, email: account.email },
        description: `Ended a session (${device}${where})`,
        metadata: { ...session, by: 'owner' },
      };
    case 'admin':
      return {
        ...base,
        category: 'admin_action',
        actionType: 'user_session_ended',
        actor: { userId: ender.admin.id, email: ender.admin.email },
        description: `Ended a session of ${account.email} (${device}${where})`,
        metadata: { ...session, by: 'admin' },
      };
    default:
      return {
        ...base,
        category: 'security_event',
        actionType: 'session_ended_from_email',
        actor: null,
        description: `A session was ended from the new sign-in email's link (${device}${where})`,
        metadata: { ...session, by: 'email_link' },
      };
  }
}
