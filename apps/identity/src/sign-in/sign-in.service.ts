import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthErrorCodes, AuthMessages, AuthSession, RequestMeta, SignInPayload } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { recordAudit } from '../audit/record-audit';
import { SessionsService } from '../sessions/sessions.service';
import { hashPassword, passwordNeedsRehash, verifyAgainstNoAccount, verifyPassword } from '../users/passwords';
import { User } from '../users/user.entity';
import { findUserByEmail } from '../users/user-records';
import { LoginAttempt, LoginAttemptLimiter, LoginLockedOut } from './login-attempt-limiter';

type SignInOutcome = 'wrong_password' | 'unknown_account' | 'locked_out';

@Injectable()
export class SignInService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly limiter: LoginAttemptLimiter,
    private readonly sessions: SessionsService,
  ) {}

  /** Prepares the stand-in hash now, so the first sign-in for an unknown email takes no longer than others. */
  async onModuleInit() {
    await verifyAgainstNoAccount('');
  }

  async signIn(payload: SignInPayload, meta: RequestMeta): Promise<AuthSession> {
    let attempt: LoginAttempt;
    try {
      attempt = await this.limiter.admit(payload.email, meta.clientIp);
    } catch (error) {
      if (!(error instanceof LoginLockedOut)) throw error;
      // Once per lock, not per refused request: a flood must not flood the audit log too.
      if (error.decision.startsLock) await this.auditFailure(payload.email, 'locked_out', meta, { lockedBy: error.decision.reasons, retryAfterSeconds: error.decision.retryAfterSeconds });
      throw error.toServiceError();
    }
    const { user, account } = await this.userWithPassword(payload, attempt);
    if (!user) {
      await this.auditFailure(payload.email, account ? 'wrong_password' : 'unknown_account', meta, {}, account);
      // One answer for an unknown email and a wrong password: no account enumeration.
      throw ServiceError.unauthorized(AuthMessages.invalidCredentials, AuthErrorCodes.invalidCredentials);
    }

    // Only now, with the password proven, may the answer say more about the account.
    if (user.userStatus === 'suspended') {
      await attempt.notAFailure();
      throw ServiceError.forbidden(AuthMessages.accountSuspended, AuthErrorCodes.accountSuspended);
    }
    if (!user.emailConfirmedAt) {
      await attempt.notAFailure();
      throw ServiceError.forbidden(AuthMessages.emailNotConfirmed, AuthErrorCodes.emailNotConfirmed);
    }
    await attempt.succeeded(user.id);
    return this.sessions.startSession(this.dataSource.manager, user, meta);
  }

  /**
   * A failed or refused sign-in in the audit trail, with the address and browser it came
   * from. The account, when one has that email, is the record's target and actor-less:
   * whoever tried is not known to be its owner.
   */
  private async auditFailure(email: string, outcome: SignInOutcome, meta: RequestMeta, details: Record<string, unknown>, account?: User | null): Promise<void> {
    const known = account ?? (outcome === 'locked_out' ? await findUserByEmail(this.dataSource.manager, email) : null);
    await recordAudit(this.dataSource.manager, {
      category: 'security_event',
      actionType: outcome === 'locked_out' ? 'sign_in_locked_out' : 'sign_in_failed',
      actor: null,
      targetType: known ? 'user' : null,
      targetId: known?.id ?? null,
      description:
        outcome === 'locked_out'
          ? `Sign-in locked after repeated failures for ${email}`
          : `Failed sign-in for ${email} (${outcome === 'wrong_password' ? 'wrong password' : 'no such account'})`,
      metadata: { outcome, attemptedEmail: email, userAgent: meta.userAgent, requestId: meta.requestId, ...details },
      clientIp: meta.clientIp ?? null,
    });
  }

  /** The account when the password is right (`user`); `account` is whoever has the email, if anyone. */
  private async userWithPassword(payload: SignInPayload, attempt: LoginAttempt): Promise<{ user: User | null; account: User | null }> {
    try {
      const account = await findUserByEmail(this.dataSource.manager, payload.email);
      if (!account) {
        await verifyAgainstNoAccount(payload.password);
        return { user: null, account: null };
      }
      if (!(await verifyPassword(account.passwordHash, payload.password))) return { user: null, account };
      await this.upgradeHash(account, payload.password);
      return { user: account, account };
    } catch (error) {
      // Our failure, not the caller's: it must not count against them.
      await attempt.notAFailure();
      throw error;
    }
  }

  /** A hash made with older parameters is remade with today's while the password is at hand. */
  private async upgradeHash(user: User, password: string): Promise<void> {
    if (!passwordNeedsRehash(user.passwordHash)) return;
    const passwordHash = await hashPassword(password);
    // Only if unchanged meanwhile: a password reset in between wins.
    await this.dataSource.manager.update(User, { id: user.id, passwordHash: user.passwordHash }, { passwordHash });
    user.passwordHash = passwordHash;
  }
}
