import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AcceptedResult,
  IdentityEvents,
  PasswordChangedEvent,
  PasswordResetRequestedEvent,
  PasswordUpdatedResult,
  RequestMeta,
  UserConfirmedEvent,
} from '@portal/contracts';
import { addToOutbox, SERVICE_ENVIRONMENT, ServiceError } from '@portal/messaging';
import { voidTakeoverLinks } from '../account-security/takeover-links';
import { assertAdminPassword } from '../admins/admin-password-policy';
import { AuditRecord, recordAudit } from '../audit/record-audit';
import { IdentityEnvironment } from '../identity-environment';
import { lockAccount } from '../sessions/account-lock';
import { SessionsService } from '../sessions/sessions.service';
import { LoginAttemptLimiter } from '../sign-in/login-attempt-limiter';
import { AfterReply } from '../tokens/after-reply';
import { EmailLinkQuota } from '../tokens/email-link-quota';
import { expiresIn, PASSWORD_RESET_LINK_TTL_SECONDS, webLink } from '../tokens/email-links';
import { hashOpaqueToken, newOpaqueToken } from '../tokens/opaque-token';
import { singleUseTokenState } from '../tokens/single-use-token';
import { assertNotCommonPassword } from '../users/common-passwords';
import { hashPassword } from '../users/passwords';
import { User } from '../users/user.entity';
import { findUserByEmail } from '../users/user-records';
import { PasswordResetToken } from './password-reset-token.entity';

const invalidResetLink = () => ServiceError.of(400, 'invalid_reset_link');

@Injectable()
export class PasswordResetService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly quota: EmailLinkQuota,
    private readonly afterReply: AfterReply,
    private readonly sessions: SessionsService,
    private readonly limiter: LoginAttemptLimiter,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment,
  ) {}

  /**
   * Always accepted, so the answer never tells whether the address has an account; nor does
   * its timing: the link is issued after the answer, which waits for the one read alone.
   */
  async requestPasswordReset(email: string, meta: RequestMeta): Promise<AcceptedResult> {
    const user = await findUserByEmail(this.dataSource.manager, email);
    if (user) this.afterReply.run('password reset link', () => this.sendResetLink(user, meta));
    return { accepted: true };
  }

  /** A new one-hour link, unless the hourly limit of the address is reached (silently). */
  private async sendResetLink(user: User, meta: RequestMeta): Promise<void> {
    if (await this.quota.allow('password-reset', user.email)) {
      await this.dataSource.transaction(async (manager) => {
        const { token, tokenHash } = newOpaqueToken();
        const expiresAt = expiresIn(PASSWORD_RESET_LINK_TTL_SECONDS);
        await manager.insert(PasswordResetToken, { id: randomUUID(), userId: user.id, tokenHash, expiresAt });
        const event: PasswordResetRequestedEvent = {
          userId: user.id,
          email: user.email,
          firstName: user.firstName,
          resetUrl: webLink(this.environment.WEB_URL, '/auth/update-password', token),
          expiresAt: expiresAt.toISOString(),
        };
        await addToOutbox(manager, IdentityEvents.passwordResetRequested, event);
        await recordAudit(manager, securityRecord('password_reset_requested', user, 'A password reset link was requested', meta));
      });
    }
  }

  /**
   * Sets the new password from a reset link and ends every session of the account: if
   * the reset was needed because someone else got in, they are out now.
   */
  async updatePassword(token: string, password: string, meta: RequestMeta): Promise<PasswordUpdatedResult> {
    const tokenHash = hashOpaqueToken(token);
    // Looked at before hashing: a dead link costs no hashing, and an admin's new password
    // must meet the admin policy.
    const link = await this.dataSource.manager.findOneBy(PasswordResetToken, { tokenHash });
    const owner = link && singleUseTokenState(link) === 'usable' ? await this.dataSource.manager.findOneBy(User, { id: link.userId }) : null;
    if (!owner) throw invalidResetLink();
    if (owner.userType === 'admin') assertAdminPassword(password);
    assertNotCommonPassword(password);
    const passwordHash = await hashPassword(password);

    const revokedSessions = await this.dataSource.transaction(async (manager) => {
      // The account lock first, then the link: the order of a password change, an email-change
      // confirmation and a deletion, which lock the account and then void or delete its links
      // (the reverse order deadlocked with them). Whichever came first has committed by now.
      const user = await lockAccount(manager, owner.id);
      if (!user) throw invalidResetLink();
      // Re-read under lock: of two concurrent uses of one link only the first gets through, and
      // a link voided meanwhile (a password change, a change of address) is refused.
      const locked = await manager.createQueryBuilder(PasswordResetToken, 'link').setLock('pessimistic_write').where('link.tokenHash = :tokenHash', { tokenHash }).getOne();
      if (!locked || locked.userId !== user.id || singleUseTokenState(locked) !== 'usable') throw invalidResetLink();

      const now = new Date();
      // This link and any other outstanding one (a new password makes older links pointless),
      // and any change of address asked for meanwhile, perhaps by whoever had got in.
      await voidTakeoverLinks(manager, user.id, ['password-reset', 'email-change'], now);
      // Opening the emailed link proved control of the mailbox.
      const confirmsEmail = !user.emailConfirmedAt;
      await manager.update(User, { id: user.id }, { passwordHash, emailConfirmedAt: user.emailConfirmedAt ?? now });
      if (confirmsEmail) {
        const confirmed: UserConfirmedEvent = { userId: user.id, email: user.email };
        await addToOutbox(manager, IdentityEvents.userConfirmed, confirmed);
      }
      const sessionIds = await this.sessions.revokeAllSessions(manager, user.id);
      const changed: PasswordChangedEvent = { userId: user.id, email: user.email, firstName: user.firstName, via: 'reset' };
      await addToOutbox(manager, IdentityEvents.passwordChanged, changed);
      await recordAudit(manager, securityRecord('password_reset_completed', user, `The password was reset from an emailed link; ${sessionIds.length} session(s) ended`, meta));
      return sessionIds;
    });
    await this.sessions.markRevoked(revokedSessions, 'password_reset');
    await this.limiter.forgiveAccount(owner.email);
    return { updated: true };
  }
}

/** A security record about an account, by whoever holds its emailed link (not signed in). */
function securityRecord(actionType: string, user: User, description: string, meta: RequestMeta): AuditRecord {
  return {
    category: 'security_event',
    actionType,
    actor: null,
    targetType: 'user',
    targetId: user.id,
    description,
    metadata: { email: user.email, userAgent: meta.userAgent, requestId: meta.requestId },
    clientIp: meta.clientIp ?? null,
  };
}
