import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_ENVIRONMENT, ServiceError } from '@portal/messaging';
import { IdentityEnvironment } from '../identity-environment';
import { WindowCounters } from '../redis/window-counters';
import { SettingsService } from '../settings/settings.service';

/**
 * Codes typed by a signed-in session (turning two-factor on or off, confirming it is you)
 * share one per-account limit, the sign-in limit: a stolen session cannot guess its way
 * through by switching from one form to another.
 */
@Injectable()
export class TwoFactorCodeLimit {
  constructor(
    private readonly settings: SettingsService,
    private readonly counters: WindowCounters,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment,
  ) {}

  /** Counts one attempt; over the limit it is 429 'Too many login attempts. Please try again later.' */
  async count(userId: string): Promise<void> {
    const { maxFailedLogins } = await this.settings.security(undefined, this.environment.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    const { count, ttlSeconds } = await this.counters.hit(`identity:two-factor-code-failures:${userId}`, this.environment.LOGIN_FAILURE_WINDOW_SECONDS);
    if (count > maxFailedLogins) throw ServiceError.of(429, 'too_many_attempts', { retryAfterSeconds: Math.max(1, ttlSeconds) });
  }

  /** Takes the attempts back: a right code, or a refusal that was not a guess. */
  async release(userId: string): Promise<void> {
    await this.counters.release([`identity:two-factor-code-failures:${userId}`]);
  }
}
