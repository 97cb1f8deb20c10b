import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RequestMeta } from '@portal/contracts';
import { SERVICE_ENVIRONMENT, ServiceError } from '@portal/messaging';
import { recordAudit } from '../audit/record-audit';
import { IdentityEnvironment } from '../identity-environment';
import { WindowCounters } from '../redis/window-counters';
import { SettingsService } from '../settings/settings.service';
import { verifyPassword } from '../users/passwords';
import { User } from '../users/user.entity';

/** One count per account, whichever sensitive change asked for the password. */
export const currentPasswordFailuresKey = (userId: string) => `identity:password-change-failures:${userId}`;

/**
 * The current password, asked again by a signed-in session before a change that could hand
 * the account to someone else: a new password, a new email address, closing the account.
 * All of them share one per-account limit on attempts, the sign-in limit
 * (`security.maxFailedLogins` in a window of LOGIN_FAILURE_WINDOW_SECONDS), so a stolen
 * session cannot guess the password by switching from one form to another.
 */
@Injectable()
export class CurrentPasswordCheck {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
    private readonly counters: WindowCounters,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment,
  ) {}

  /**
   * Whether the password is the account's. Every attempt counts; a right one is taken back,
   * a wrong one is recorded in the audit trail as `refusal` says. Over the limit it is 429
   * 'Too many login attempts. Please try again later.', right or wrong.
   */
  async matches(
    user: Pick<User, 'id' | 'email' | 'passwordHash'>,
    password: string,
    meta: RequestMeta,
    refusal: { actionType: string; description: string },
  ): Promise<boolean> {
    const key = currentPasswordFailuresKey(user.id);
    const { maxFailedLogins } = await this.settings.security(undefined, this.environment.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    const { count, ttlSeconds } = await this.counters.hit(key, this.environment.LOGIN_FAILURE_WINDOW_SECONDS);
    if (count > maxFailedLogins) throw ServiceError.of(429, 'too_many_attempts', { retryAfterSeconds: Math.max(1, ttlSeconds) });
    if (await verifyPassword(user.passwordHash, password)) {
      await this.counters.release([key]);
      return true;
    }
    await recordAudit(this.dataSource.manager, {
      category: 'security_event',
      actionType: refusal.actionType,
      actor: { userId: user.id, email: user.email },
      targetType: 'user',
      targetId: user.id,
      description: refusal.description,
      metadata: { userAgent: meta.userAgent, requestId: meta.requestId },
      clientIp: meta.clientIp ?? null,
    });
    return false;
  }
}
