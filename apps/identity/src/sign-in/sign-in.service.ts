import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthErrorCodes, AuthMessages, AuthSession, RequestMeta, SignInPayload } from '@portal/contracts';
import { ServiceError } from '@portal/messaging';
import { SessionsService } from '../sessions/sessions.service';
import { hashPassword, passwordNeedsRehash, verifyAgainstNoAccount, verifyPassword } from '../users/passwords';
import { User } from '../users/user.entity';
import { findUserByEmail } from '../users/user-records';
import { LoginAttempt, LoginAttemptLimiter } from './login-attempt-limiter';

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
    const attempt = await this.limiter.admit(payload.email, meta.clientIp);
    const user = await this.userWithPassword(payload, attempt);
    // One answer for an unknown email and a wrong password: no account enumeration.
    if (!user) throw ServiceError.unauthorized(AuthMessages.invalidCredentials, AuthErrorCodes.invalidCredentials);

    // Only now, with the password proven, may the answer say more about the account.
    if (user.userStatus === 'suspended') {
      await attempt.notAFailure();
      throw ServiceError.forbidden(AuthMessages.accountSuspended, AuthErrorCodes.accountSuspended);
    }
    if (!user.emailConfirmedAt) {
      await attempt.notAFailure();
      throw ServiceError.forbidden(AuthMessages.emailNotConfirmed, AuthErrorCodes.emailNotConfirmed);
    }
    await attempt.succeeded();
    return this.sessions.startSession(this.dataSource.manager, user, meta);
  }

  /** The account when the password is right; null for a wrong password or an unknown email. */
  private async userWithPassword(payload: SignInPayload, attempt: LoginAttempt): Promise<User | null> {
    try {
      const user = await findUserByEmail(this.dataSource.manager, payload.email);
      if (!user) {
        await verifyAgainstNoAccount(payload.password);
        return null;
      }
      if (!(await verifyPassword(user.passwordHash, payload.password))) return null;
      await this.upgradeHash(user, payload.password);
      return user;
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
