import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  AuthSession,
  CompleteMfaSignInPayload,
  MfaSignInSession,
  RequestMeta,
  SignInPayload,
  SignInResult,
  TwoFactorEnrolment,
} from '@portal/contracts';
import { SERVICE_ENVIRONMENT, ServiceError } from '@portal/messaging';
import { LoginAlerts } from '../account-security/login-alerts';
import { invalidCode, TwoFactorService } from '../account-security/two-factor.service';
import { recordAudit } from '../audit/record-audit';
import { IdentityEnvironment } from '../identity-environment';
import { lockAccount } from '../sessions/account-lock';
import { SessionsService } from '../sessions/sessions.service';
import { SettingsService } from '../settings/settings.service';
import { hashPassword, passwordNeedsRehash, verifyAgainstNoAccount, verifyPassword } from '../users/passwords';
import { User } from '../users/user.entity';
import { findUserByEmail } from '../users/user-records';
import { LoginAttempt, LoginAttemptLimiter, LoginLockedOut } from './login-attempt-limiter';
import { challengeExpired, issuedForPassword, MfaChallenges, OpenChallenge } from './mfa-challenges';

type SignInOutcome = 'wrong_password' | 'unknown_account' | 'locked_out' | 'passkey_refused';

const FAILURE_WORDS: Record<Exclude<SignInOutcome, 'locked_out'>, string> = { wrong_password: 'wrong password', unknown_account: 'no such account', passkey_refused: 'passkey refused' };

@Injectable()
export class SignInService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly limiter: LoginAttemptLimiter,
    private readonly sessions: SessionsService,
    private readonly settings: SettingsService,
    private readonly twoFactor: TwoFactorService,
    private readonly loginAlerts: LoginAlerts,
    private readonly challenges: MfaChallenges,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment,
  ) {}

  /** Prepares the stand-in hash now, so the first sign-in for an unknown email takes no longer than others. */
  async onModuleInit() {
    await verifyAgainstNoAccount('');
  }

  async signIn(payload: SignInPayload, meta: RequestMeta): Promise<SignInResult> {
    const attempt = await this.admit(payload.email, meta);
    const { user, account } = await this.userWithPassword(payload, attempt);
    if (!user) {
      await this.auditFailure(payload.email, account ? 'wrong_password' : 'unknown_account', meta, {}, account);
      // One answer for an unknown email and a wrong password: no account enumeration.
      throw ServiceError.of(401, 'invalid_credentials');
    }

    // Only now, with the password proven, may the answer say more about the account.
    if (user.userStatus === 'suspended') {
      await attempt.notAFailure();
      throw ServiceError.of(403, 'account_suspended');
    }
    if (!user.emailConfirmedAt) {
      await attempt.notAFailure();
      throw ServiceError.of(403, 'email_not_confirmed');
    }
    // The password alone is not enough when two-factor is on, or required of an admin without it.
    const twoFactorOn = await this.twoFactor.isEnabled(this.dataSource.manager, user.id);
    const enrolmentRequired = !twoFactorOn && user.userType === 'admin' && (await this.settings.security(undefined, this.environment.LOGIN_MAX_FAILURES_PER_ACCOUNT)).requireAdminMfa;
    if (twoFactorOn || enrolmentRequired) {
      // Not a failure, not yet a success: the code decides (and is counted) at the second step.
      await attempt.notAFailure();
      // Issued for this password: a reset or change before the second step voids it.
      return this.challenges.create(user.id, enrolmentRequired, user.passwordHash);
    }
    await attempt.succeeded(user.id);
    // The password was checked against this hash: a reset or change committed since wins.
    return this.dataSource.transaction((manager) => this.startSession(manager, user, meta, user.passwordHash));
  }

  /**
   * A sign-in proven otherwise than by a password: a passkey, which is possession and user
   * verification at once, so no second factor is asked (of a customer with two-factor on, nor
   * of an admin required to use it). The same limits, account rules, session and login alert
   * as a password sign-in. `prove` runs once the attempt is admitted; when it refuses, the
   * attempt counts as a failed sign-in of the account and is audited.
   */
  async signInWithProof(user: User, meta: RequestMeta, prove: () => Promise<void>): Promise<AuthSession> {
    const attempt = await this.admit(user.email, meta);
    try {
      await prove();
    } catch (error) {
      if (error instanceof ServiceError && error.body.statusCode < 500) await this.auditFailure(user.email, 'passkey_refused', meta, { reason: error.body.code }, user);
      else await attempt.notAFailure();
      throw error;
    }
    if (user.userStatus === 'suspended') {
      await attempt.notAFailure();
      throw ServiceError.of(403, 'account_suspended');
    }
    if (!user.emailConfirmedAt) {
      await attempt.notAFailure();
      throw ServiceError.of(403, 'email_not_confirmed');
    }
    await attempt.succeeded(user.id);
    // startSession reads the account again under its lock: a suspension committed meanwhile wins.
    return this.dataSource.transaction((manager) => this.startSession(manager, user, meta));
  }

  /** An admin required to use two-factor sets it up in the middle of signing in. */
  async startMfaEnrolment(mfaToken: string): Promise<TwoFactorEnrolment> {
    const challenge = await this.challenges.open(mfaToken);
    if (!challenge.enrolment) throw challengeExpired();
    return this.dataSource.transaction(async (manager) => {
      const user = await this.challengedAccount(manager, challenge, mfaToken);
      return this.twoFactor.startEnrolment(manager, user);
    });
  }

  /**
   * The second step: an authenticator code (or a recovery code, used up), or, for an
   * enrolment challenge, the first code of the new secret. Wrong codes count as failed
   * sign-ins (the same limits as wrong passwords) and are audited.
   */
  async completeMfaSignIn(payload: CompleteMfaSignInPayload, meta: RequestMeta): Promise<MfaSignInSession> {
    const challenge = await this.challenges.open(payload.mfaToken);
    const account = await this.activeUser(this.dataSource.manager, challenge.userId);
    const attempt = await this.admit(account.email, meta);
    let session: MfaSignInSession;
    try {
      session = await this.dataSource.transaction(async (manager) => {
        // The account lock first, as startSession and every revocation take it first: no deadlock
        // with an account deletion that removes the two-factor rows locked below. Decided on
        // what it reads then: a reset, change, suspension or deletion committed since wins.
        const user = await this.challengedAccount(manager, challenge, payload.mfaToken);
        let recoveryCodes: string[] | undefined;
        if (challenge.enrolment && !(await this.twoFactor.isEnabled(manager, user.id))) {
          recoveryCodes = await this.twoFactor.confirmEnrolment(manager, user, payload.code, meta);
        } else {
          const kind = await this.twoFactor.verify(manager, user, payload.code);
          if (!kind) throw invalidCode();
          if (kind === 'recovery') {
            await this.twoFactor.announce(manager, user, 'recovery_code_used', meta);
            await this.twoFactor.audit(manager, user, 'recovery_code_used', 'A recovery code was used to sign in', meta);
          }
        }
        // Of two completions racing with one challenge, only one gets a session.
        if (!(await this.challenges.consume(payload.mfaToken))) throw challengeExpired();
        const started = await this.startSession(manager, user, meta);
        return recoveryCodes ? { ...started, recoveryCodes } : started;
      });
    } catch (error) {
      if (error instanceof ServiceError && error.body.code === invalidCode().body.code) {
        await this.challenges.wrongCode(payload.mfaToken);
        await this.twoFactor.auditFailedCode(this.dataSource.manager, account, challenge.enrolment ? 'enrolment' : 'sign_in', meta);
      } else {
        await attempt.notAFailure();
      }
      throw error;
    }
    await attempt.succeeded(account.id);
    return session;
  }

  /** A full sign-in: the session, and the device remembered (a login alert when it is new). */
  private async startSession(manager: EntityManager, user: User, meta: RequestMeta, provenPasswordHash?: string): Promise<AuthSession> {
    const session = await this.sessions.startSession(manager, user, meta, { provenPasswordHash });
    // The refresh token names the new session: an alert's link ends that session.
    await this.loginAlerts.noteSignIn(manager, user, meta, session.refreshToken);
    return session;
  }

  /**
   * The challenge's account, locked until the transaction ends, while the challenge may still
   * open it: not deleted, not suspended, and with the password the challenge was issued for.
   * Once the password was reset or changed, the challenge is void (used up, so it stays
   * refused): it must not open a session on the strength of the old password.
   */
  private async challengedAccount(manager: EntityManager, challenge: OpenChallenge, mfaToken: string): Promise<User> {
    const user = await this.activeUser(manager, challenge.userId, { lock: true });
    if (!issuedForPassword(challenge, user.passwordHash)) {
      await this.challenges.consume(mfaToken);
      throw challengeExpired();
    }
    return user;
  }

  private async activeUser(manager: EntityManager, userId: string, { lock = false } = {}): Promise<User> {
    const user = lock ? await lockAccount(manager, userId) : await manager.findOneBy(User, { id: userId });
    if (!user) throw challengeExpired();
    if (user.userStatus === 'suspended') throw ServiceError.of(403, 'account_suspended');
    return user;
  }

  private async admit(email: string, meta: RequestMeta): Promise<LoginAttempt> {
    try {
      return await this.limiter.admit(email, meta.clientIp);
    } catch (error) {
      if (!(error instanceof LoginLockedOut)) throw error;
      // Once per lock, not per refused request: a flood must not flood the audit log too.
      if (error.decision.startsLock) await this.auditFailure(email, 'locked_out', meta, { lockedBy: error.decision.reasons, retryAfterSeconds: error.decision.retryAfterSeconds });
      throw error.toServiceError();
    }
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
          : `Failed sign-in for ${email} (${FAILURE_WORDS[outcome]})`,
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
    const { affected } = await this.dataSource.manager.update(User, { id: user.id, passwordHash: user.passwordHash }, { passwordHash });
    if (affected === 1) {
      user.passwordHash = passwordHash;
      return;
    }
    // Changed meanwhile. By another sign-in's upgrade (two devices at once), the password
    // proves itself against that hash too and is the one the session checks it against; by a
    // reset, it does not, and the session is refused (startSession compares the hashes).
    const current = await this.dataSource.manager.findOne(User, { where: { id: user.id }, select: { id: true, passwordHash: true } });
    if (current && (await verifyPassword(current.passwordHash, password))) user.passwordHash = current.passwordHash;
  }
}
