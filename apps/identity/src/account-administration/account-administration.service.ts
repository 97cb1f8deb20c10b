import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, Not } from 'typeorm';
import {
  Actor,
  AdminRole,
  adminRoleAllows,
  CreateAdminPayload,
  CURRENCIES,
  IdentityEvents,
  LedgerCommands,
  RequestMeta,
  RevocationReason,
  SessionUser,
  UserStatus,
  UserSummary,
} from '@portal/contracts';
import { KnownSignInDevice, RecoveryCode, UserSecurity } from '../account-security/account-security.entities';
import { Passkey } from '../passkeys/passkey.entity';
import { CreateAdmin } from '../admins/create-admin';
import { EmailConfirmationToken } from '../email-confirmation/email-confirmation-token.entity';
import { PasswordResetToken } from '../password-reset/password-reset-token.entity';
import { UserPreferencesRecord } from '../preferences/user-preferences.entity';
import { EmailChangeToken } from '../profile/email-change-token.entity';
import { addToOutbox, ServiceCallError, ServiceClient, ServiceError } from '@portal/messaging';
import { recordAudit } from '../audit/record-audit';
import { lockAccountShared } from '../sessions/account-lock';
import { RefreshToken } from '../sessions/refresh-token.entity';
import { SignInProofRecord } from '../sessions/sign-in-proof.entity';
import { SessionEndToken } from '../sessions/session-end-token.entity';
import { SessionsService } from '../sessions/sessions.service';
import { SettingKeys, SystemSetting } from '../settings/system-setting.entity';
import { toUserSummary } from '../user-directory/user-summary';
import { User } from '../users/user.entity';

function activeAdminOrRefuse(caller: User | null): User {
  if (!caller || caller.userType !== 'admin' || caller.userStatus !== 'active') throw ServiceError.of(403, 'forbidden');
  return caller;
}

/**
 * Serialises changes to administrator accounts across every replica: a PostgreSQL advisory
 * lock held until the transaction ends. Under READ COMMITTED, each statement after it sees
 * what the previous holder committed.
 */
export async function lockAdministratorChanges(manager: EntityManager): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['identity:administrator-changes']);
}

interface Change {
  /** The audit action and the revocation reason the account's sessions end with (none: they stay). */
  action: string;
  endSessionsBecause: RevocationReason | null;
  /** Runs after the caller (as stored, row share-locked) was found allowed to act on the target. */
  apply: (manager: EntityManager, target: User, caller: User) => Promise<void>;
  describe: (target: User) => string;
}

/**
 * An administrator's decisions about an account: suspend, re-activate, delete, change an
 * admin's role. Each is one transaction with its audit record and event, and ends the
 * account's sessions there too; once it commits, the sessions are marked revoked for the
 * gateway, so the person's very next request is refused, not only their next refresh.
 */
@Injectable()
export class AccountAdministrationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly services: ServiceClient,
  ) {}

  suspend(actor: Actor, userId: string, reason: string | undefined, meta: RequestMeta): Promise<UserSummary> {
    return this.change(actor, userId, meta, {
      action: 'user_suspended',
      endSessionsBecause: 'suspended',
      apply: (manager, target) => this.setStatus(manager, target, 'suspended', actor),
      describe: (target) => `Suspended ${target.email}${reason?.trim() ? `: ${reason.trim()}` : ''}`,
    });
  }

  activate(actor: Actor, userId: string, meta: RequestMeta): Promise<UserSummary> {
    return this.change(actor, userId, meta, {
      action: 'user_activated',
      endSessionsBecause: null,
      apply: (manager, target) => this.setStatus(manager, target, 'active', actor),
      describe: (target) => `Activated ${target.email}`,
    });
  }

  async delete(actor: Actor, userId: string, meta: RequestMeta): Promise<{ deleted: true }> {
    await this.change(actor, userId, meta, {
      action: 'user_deleted',
      endSessionsBecause: 'deleted',
      apply: async (manager, target, caller) => {
        // Before the ledger is asked: a refusal costs no round trip.
        if (caller.adminRole !== 'super_admin') throw ServiceError.of(403, 'delete_super_admin_only');
        if (target.adminRole === 'super_admin') await this.keepOneSuperAdmin(manager, target);
        if (target.userType === 'customer' && (await this.holdsMoney(target.id))) throw ServiceError.of(409, 'customer_holds_funds');
        await addToOutbox(manager, IdentityEvents.userDeleted, { userId: target.id, deletedBy: actor.userId });
        await this.closeAndAnonymise(manager, target);
      },
      describe: (target) => `Deleted the account of ${target.email}`,
    });
    return { deleted: true };
  }

  /** Super admins only: a new administrator with the role chosen in the Create Admin dialog. */
  async createAdmin(actor: Actor, input: CreateAdminPayload, meta: RequestMeta): Promise<SessionUser> {
    // Asked first so that a refusal costs no password hashing; decided below.
    const caller = await this.superAdminCaller(this.dataSource.manager, actor);
    return new CreateAdmin(this.dataSource).execute(
      { ...input, confirmPassword: input.confirmPassword ?? '' },
      {
        actor: { userId: caller.id, email: caller.email },
        source: 'api',
        clientIp: meta.clientIp ?? null,
        // Under the administrator lock, as every change to administrators: a demotion,
        // suspension or deletion of the caller under way has committed once it is this one's
        // turn, and the caller's role is read only then.
        authorise: async (manager) => {
          await lockAdministratorChanges(manager);
          const current = await this.superAdminCaller(manager, actor);
          return { userId: current.id, email: current.email };
        },
      },
    );
  }

  changeAdminRole(actor: Actor, userId: string, adminRole: AdminRole, meta: RequestMeta): Promise<UserSummary> {
    return this.change(actor, userId, meta, {
      action: 'admin_role_changed',
      endSessionsBecause: 'role_changed',
      apply: async (manager, target) => {
        if (target.userType !== 'admin') throw ServiceError.of(409, 'not_an_admin');
        if (target.adminRole === adminRole) throw ServiceError.of(409, 'admin_role_unchanged', { params: { role: adminRole } });
        if (target.adminRole === 'super_admin') await this.keepOneSuperAdmin(manager, target);
        await manager.update(User, { id: target.id }, { adminRole });
        target.adminRole = adminRole;
        await addToOutbox(manager, IdentityEvents.userStatusChanged, { userId: target.id, userStatus: target.userStatus, adminRole, changedBy: actor.userId });
      },
      describe: (target) => `Changed the admin role of ${target.email} to ${adminRole}`,
    });
  }

  private async change(actor: Actor, userId: string, meta: RequestMeta, change: Change): Promise<UserSummary> {
    const { summary, endedSessions } = await this.dataSource.transaction(async (manager) => {
      // Changes to administrators take turns, and read the caller and the target only once it
      // is their turn: two super admins demoting, suspending or deleting each other at the same
      // moment cannot both see the other as the one who remains.
      if (await manager.exists(User, { where: { id: userId, userType: 'admin' } })) await lockAdministratorChanges(manager);
      // The caller's row share-locked, after the administrator lock and before the target's
      // row: a demotion, suspension or deletion of the caller under way (each locks that row)
      // has committed before the caller's role is read here, and none commits before this
      // transaction ends. Changes to customers take no administrator lock: this alone orders them.
      const caller = await this.lockedActiveAdmin(manager, actor);
      if (userId === caller.id) throw ServiceError.of(409, 'own_account');
      const target = await manager.createQueryBuilder(User, 'user').setLock('pessimistic_write').where('user.id = :id', { id: userId }).getOne();
      if (!target) throw ServiceError.of(404, 'user_not_found');
      // Administrators are managed by super administrators only; customers by anyone with the users permission.
      const allowed = target.userType === 'admin' ? caller.adminRole === 'super_admin' : await this.mayManageUsers(manager, caller);
      if (!allowed) throw ServiceError.of(403, 'forbidden');
      const before = { userStatus: target.userStatus, adminRole: target.adminRole };
      const description = change.describe(target);
      const sessionIds = change.endSessionsBecause ? await this.sessions.revokeAllSessions(manager, target.id) : [];
      await change.apply(manager, target, caller);
      await recordAudit(manager, {
        category: 'admin_action',
        actionType: change.action,
        actor: { userId: caller.id, email: caller.email },
        targetType: 'user',
        targetId: target.id,
        description,
        metadata: { before, after: { userStatus: target.userStatus, adminRole: target.adminRole }, sessionsEnded: sessionIds.length, userAgent: meta.userAgent, requestId: meta.requestId },
        clientIp: meta.clientIp ?? null,
      });
      return { summary: toUserSummary(target), endedSessions: sessionIds };
    });
    if (change.endSessionsBecause) await this.sessions.markRevoked(endedSessions, change.endSessionsBecause);
    return summary;
  }

  private async setStatus(manager: EntityManager, target: User, userStatus: UserStatus, actor: Actor): Promise<void> {
    if (target.userStatus === userStatus) throw ServiceError.of(409, 'account_status_unchanged', { params: { status: userStatus } });
    if (userStatus === 'suspended' && target.adminRole === 'super_admin') await this.keepOneSuperAdmin(manager, target);
    await manager.update(User, { id: target.id }, { userStatus });
    target.userStatus = userStatus;
    await addToOutbox(manager, IdentityEvents.userStatusChanged, { userId: target.id, userStatus, adminRole: target.adminRole, changedBy: actor.userId });
  }

  /**
   * Closes the account: personal data replaced, password unusable, the row kept
   * (soft-deleted) because ledger and application records name its id. Everything else
   * identity holds about the person goes with it, in the caller's transaction:
   * - emailed links (an email change's link holds the address asked for; a new sign-in's
   *   link to end its session);
   * - refresh tokens, revoked ones too (client addresses and browsers): the caller has
   *   already collected the session ids it marks revoked for the gateway, and a token
   *   presented later is simply unknown;
   * - when each session last proved who was behind it;
   * - the two-factor secret, recovery codes and security choices, the known sign-in
   *   devices (hashes of browser and address), the passkeys, and the saved preferences.
   * The audit trail stays as it is: its records outlive the accounts they name.
   */
  async closeAndAnonymise(manager: EntityManager, target: User): Promise<void> {
    await manager.delete(PasswordResetToken, { userId: target.id });
    await manager.delete(EmailConfirmationToken, { userId: target.id });
    await manager.delete(EmailChangeToken, { userId: target.id });
    await manager.delete(SessionEndToken, { userId: target.id });
    await manager.delete(RefreshToken, { userId: target.id });
    await manager.delete(SignInProofRecord, { userId: target.id });
    await manager.delete(RecoveryCode, { userId: target.id });
    await manager.delete(UserSecurity, { userId: target.id });
    await manager.delete(KnownSignInDevice, { userId: target.id });
    await manager.delete(Passkey, { userId: target.id });
    await manager.delete(UserPreferencesRecord, { userId: target.id });
    await manager.update(User, { id: target.id }, {
      email: `deleted-${target.id}@deleted.invalid`,
      firstName: 'Deleted',
      lastName: 'User',
      phone: null,
      address: null,
      dateOfBirth: null,
      nationality: null,
      photoFileId: null,
      passwordHash: '!deleted',
      userStatus: 'suspended',
      deletedAt: new Date(),
    });
  }

  /**
   * Whether the ledger holds money of this customer in any currency (available, held or
   * locked). The ledger answers balances to their owner only, so identity, which issues
   * every actor, asks as the customer: a read, for an account whose sessions are ending.
   * When the ledger cannot answer, the deletion is refused rather than risked.
   */
  async holdsMoney(userId: string): Promise<boolean> {
    const owner: Actor = { userId, userType: 'customer', adminRole: null, sessionId: userId };
    try {
      const balances = await Promise.all(CURRENCIES.map((currency) => this.services.send(LedgerCommands.getBalance, { currency }, { actor: owner })));
      return balances.some((balance) => [balance.available, balance.held, balance.locked].some((amount) => Number(amount) !== 0));
    } catch (error) {
      if (error instanceof ServiceCallError) throw ServiceError.of(503, 'balance_check_unavailable');
      throw error;
    }
  }

  /** The caller as stored now, an active administrator (or refused), with the row share-locked until the transaction ends (see lockAccountShared). */
  private async lockedActiveAdmin(manager: EntityManager, actor: Actor): Promise<User> {
    return activeAdminOrRefuse(await lockAccountShared(manager, actor.userId));
  }

  /** The caller as stored now when an active super administrator, who alone may create administrators; refused in spec 02 §5's words otherwise. */
  private async superAdminCaller(manager: EntityManager, actor: Actor): Promise<User> {
    const caller = await manager.findOneBy(User, { id: actor.userId });
    if (!caller || caller.userType !== 'admin' || caller.userStatus !== 'active') throw ServiceError.of(403, 'create_admin_admins_only');
    if (caller.adminRole !== 'super_admin') throw ServiceError.of(403, 'create_admin_super_admin_only');
    return caller;
  }

  private async mayManageUsers(manager: EntityManager, caller: User): Promise<boolean> {
    // Share-locked like the caller's row, for the same reason: a change of admin_roles under
    // way (it locks the row to write it) decides, and none commits before this transaction ends.
    const roles = await manager.findOne(SystemSetting, { where: { settingKey: SettingKeys.adminRoles }, lock: { mode: 'pessimistic_read' } });
    return adminRoleAllows(roles?.settingValue, caller.adminRole, 'users');
  }

  /**
   * The platform always keeps an active super administrator besides the one being changed.
   * Sound because the caller holds the administrator-changes lock: no other change to an
   * administrator can commit between this count and the caller's own commit.
   */
  private async keepOneSuperAdmin(manager: EntityManager, target: User): Promise<void> {
    const others = await manager.count(User, { where: { adminRole: 'super_admin', userStatus: 'active', id: Not(target.id) } });
    if (others === 0) throw ServiceError.of(409, 'last_super_admin');
  }
}
