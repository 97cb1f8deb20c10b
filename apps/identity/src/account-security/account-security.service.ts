import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  AccountSecurityErrorCodes,
  Actor,
  ChangePasswordPayload,
  IdentityEvents,
  PasswordChangedEvent,
  PasswordChangedResult,
  RequestMeta,
  SecurityPreferences,
  TwoFactorEnabledResult,
  TwoFactorEnrolment,
  UpdateSecurityPreferencesPayload,
} from '@portal/contracts';
import { addToOutbox, fieldRefusal, ServiceError } from '@portal/messaging';
import { assertAdminPassword } from '../admins/admin-password-policy';
import { lockAccount } from '../sessions/account-lock';
import { SessionsService } from '../sessions/sessions.service';
import { SettingsService } from '../settings/settings.service';
import { assertNotCommonPassword } from '../users/common-passwords';
import { hashPassword } from '../users/passwords';
import { User } from '../users/user.entity';
import { UserSecurity } from './account-security.entities';
import { CurrentPasswordCheck } from './current-password-check';
import { voidTakeoverLinks } from './takeover-links';
import { TwoFactorCodeLimit } from './two-factor-code-limit';
import { invalidCode, TwoFactorService } from './two-factor.service';

/**
 * The Security tab of the signed-in person: password change, two-factor on and off,
 * login alerts and biometric login. The person is the verified actor, never an id from input.
 */
@Injectable()
export class AccountSecurityService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly settings: SettingsService,
    private readonly twoFactor: TwoFactorService,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly codeLimit: TwoFactorCodeLimit,
  ) {}

  /**
   * Checks the current password (wrong ones are limited like failed sign-ins), applies the
   * password rule of sign-up (admins: the admin rule), and ends every other session; the
   * one that asked stays signed in. Unused reset and email-change links stop working. The
   * owner is emailed, and the change audited.
   */
  async changePassword(actor: Actor, payload: ChangePasswordPayload, meta: RequestMeta): Promise<PasswordChangedResult> {
    const user = await this.user(this.dataSource.manager, actor);
    if (!(await this.currentPassword.matches(user, payload.currentPassword, meta, { actionType: 'password_change_failed', description: 'A password change was refused: wrong current password' }))) {
      throw ServiceError.of(400, 'wrong_current_password', { details: [fieldRefusal('currentPassword', 'wrong_current_password')] });
    }
    if (payload.newPassword === payload.currentPassword) {
      throw ServiceError.of(400, 'same_password', { details: [fieldRefusal('newPassword', 'same_password')] });
    }
    if (user.userType === 'admin') assertAdminPassword(payload.newPassword);
    assertNotCommonPassword(payload.newPassword, 'newPassword');
    const passwordHash = await hashPassword(payload.newPassword);

    const ended = await this.dataSource.transaction(async (manager) => {
      const locked = await manager.createQueryBuilder(User, 'user').setLock('pessimistic_write').where('user.id = :id', { id: user.id }).getOne();
      // Changed meanwhile (another change or a reset): the current password checked above is no longer current.
      if (!locked || locked.passwordHash !== user.passwordHash) {
        throw ServiceError.of(409, 'password_changed_meanwhile');
      }
      await manager.update(User, { id: user.id }, { passwordHash });
      await voidTakeoverLinks(manager, user.id, ['password-reset', 'email-change']);
      const sessionIds = await this.sessions.revokeAllSessions(manager, user.id, actor.sessionId);
      const changed: PasswordChangedEvent = { userId: user.id, email: user.email, firstName: user.firstName, via: 'change' };
      await addToOutbox(manager, IdentityEvents.passwordChanged, changed);
      await this.twoFactor.audit(manager, user, 'password_changed', `The password was changed; ${sessionIds.length} other session(s) ended`, meta, { otherSessionsEnded: sessionIds.length });
      return sessionIds;
    });
    await this.sessions.markRevoked(ended, 'password_changed');
    return { changed: true, otherSessionsEnded: ended.length };
  }

  async preferences(actor: Actor): Promise<SecurityPreferences> {
    await this.user(this.dataSource.manager, actor);
    const row = await this.dataSource.manager.findOneBy(UserSecurity, { userId: actor.userId });
    return toPreferences(row);
  }

  async updatePreferences(actor: Actor, payload: UpdateSecurityPreferencesPayload, meta: RequestMeta): Promise<SecurityPreferences> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.lockedUser(manager, actor);
      const row = await this.twoFactor.lockedRow(manager, user.id);
      await manager.update(UserSecurity, { userId: user.id }, { loginAlerts: payload.loginAlerts, biometricLogin: payload.biometricLogin });
      if (row.loginAlerts !== payload.loginAlerts || row.biometricLogin !== payload.biometricLogin) {
        await this.twoFactor.audit(manager, user, 'security_preferences_updated', 'Security preferences changed', meta, {
          loginAlerts: payload.loginAlerts,
          biometricLogin: payload.biometricLogin,
        });
      }
      return toPreferences({ ...row, loginAlerts: payload.loginAlerts, biometricLogin: payload.biometricLogin });
    });
  }

  async startTwoFactor(actor: Actor): Promise<TwoFactorEnrolment> {
    return this.dataSource.transaction(async (manager) => this.twoFactor.startEnrolment(manager, await this.lockedUser(manager, actor)));
  }

  async confirmTwoFactor(actor: Actor, code: string, meta: RequestMeta): Promise<TwoFactorEnabledResult> {
    const user = await this.user(this.dataSource.manager, actor);
    await this.codeLimit.count(user.id);
    try {
      const recoveryCodes = await this.dataSource.transaction(async (manager) => this.twoFactor.confirmEnrolment(manager, await this.lockedUser(manager, actor), code, meta));
      return { twoFactorEnabled: true, recoveryCodes };
    } catch (error) {
      await this.auditIfWrongCode(error, user, 'enrolment', meta);
      throw error;
    }
  }

  /** Off only with a valid code (authenticator or recovery), and never for an admin while admins must use it. */
  async disableTwoFactor(actor: Actor, code: string, meta: RequestMeta): Promise<SecurityPreferences> {
    const user = await this.user(this.dataSource.manager, actor);
    if (!(await this.twoFactor.isEnabled(this.dataSource.manager, user.id))) {
      throw ServiceError.of(409, 'two_factor_not_enabled');
    }
    if (user.userType === 'admin' && (await this.settings.security()).requireAdminMfa) throw ServiceError.of(409, 'two_factor_required');
    await this.codeLimit.count(user.id);
    try {
      await this.dataSource.transaction(async (manager) => {
        const locked = await this.lockedUser(manager, actor);
        if (!(await this.twoFactor.verify(manager, locked, code))) throw invalidCode();
        await this.twoFactor.disable(manager, locked, meta);
      });
    } catch (error) {
      await this.auditIfWrongCode(error, user, 'disable', meta);
      throw error;
    }
    return this.preferences(actor);
  }

  private async auditIfWrongCode(error: unknown, user: User, context: 'enrolment' | 'disable', meta: RequestMeta): Promise<void> {
    if (error instanceof ServiceError && error.body.code === AccountSecurityErrorCodes.invalidCode) {
      await this.twoFactor.auditFailedCode(this.dataSource.manager, user, context, meta);
      return;
    }
    // Not a guess: it does not count against the limit.
    await this.codeLimit.release(user.id);
  }

  private async user(manager: EntityManager, actor: Actor): Promise<User> {
    const user = await manager.findOneBy(User, { id: actor.userId });
    if (!user) throw ServiceError.of(404, 'account_deleted');
    return user;
  }

  /**
   * The account, locked until the transaction ends, before any two-factor row: the order of a
   * deletion, which locks the account and then deletes those rows (the reverse order
   * deadlocked with it: the recovery codes written below wait for the account row). One that
   * committed first has removed the account, and the change is refused.
   */
  private async lockedUser(manager: EntityManager, actor: Actor): Promise<User> {
    const user = await lockAccount(manager, actor.userId);
    if (!user) throw ServiceError.of(404, 'account_deleted');
    return user;
  }
}

function toPreferences(row: Pick<UserSecurity, 'totpEnabledAt' | 'loginAlerts' | 'biometricLogin'> | null): SecurityPreferences {
  return { twoFactorEnabled: Boolean(row?.totpEnabledAt), loginAlerts: row?.loginAlerts ?? true, biometricLogin: row?.biometricLogin ?? false };
}
