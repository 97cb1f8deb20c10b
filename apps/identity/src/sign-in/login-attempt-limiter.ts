import { Inject, Injectable } from '@nestjs/common';
import { AuthErrorCodes, AuthMessages } from '@portal/contracts';
import { LOGGER, SERVICE_ENVIRONMENT, ServiceError } from '@portal/messaging';
import type { Logger } from '@portal/logging';
import { IdentityEnvironment } from '../identity-environment';
import { WindowCount, WindowCounters } from '../redis/window-counters';
import { privacyKey } from '../tokens/opaque-token';

export interface LoginLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
}

export type LoginDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Decides on an attempt from the counts that already include it. An attempt beyond a
 * limit is refused until the window that blocks it ends (the later one if both do).
 */
export function decideLoginAttempt(account: WindowCount, address: WindowCount | null, limits: LoginLimits): LoginDecision {
  const waits: number[] = [];
  if (account.count > limits.maxFailuresPerAccount) waits.push(account.ttlSeconds);
  if (address && address.count > limits.maxFailuresPerAddress) waits.push(address.ttlSeconds);
  if (waits.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, ...waits) };
}

/** An admitted sign-in attempt; it counts as a failure unless it says otherwise. */
export interface LoginAttempt {
  /** The password was right and the person is signed in: the account's failures are forgiven. */
  succeeded(): Promise<void>;
  /** The password was right but sign-in was refused (unconfirmed, suspended) or could not be checked. */
  notAFailure(): Promise<void>;
}

function unavailable(): ServiceError {
  return ServiceError.unavailable('Sign-in is temporarily unavailable. Please try again shortly.');
}

/**
 * Limits failed sign-ins per account and per client address, across replicas (Redis).
 * Each attempt takes a failure slot before the password is checked, so parallel
 * guesses cannot exceed the limit, and gives it back when the password was right.
 */
@Injectable()
export class LoginAttemptLimiter {
  private readonly limits: LoginLimits;

  constructor(
    private readonly counters: WindowCounters,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.limits = { maxFailuresPerAccount: environment.LOGIN_MAX_FAILURES_PER_ACCOUNT, maxFailuresPerAddress: environment.LOGIN_MAX_FAILURES_PER_ADDRESS };
  }

  /** Admits the attempt or refuses it with 429 and how long to wait. */
  async admit(email: string, clientIp: string | undefined): Promise<LoginAttempt> {
    const accountKey = this.accountKey(email);
    const addressKey = clientIp ? `identity:login-failures:address:${privacyKey(clientIp)}` : null;
    const window = this.environment.LOGIN_FAILURE_WINDOW_SECONDS;
    let counts: [WindowCount, WindowCount | null];
    try {
      counts = await Promise.all([this.counters.hit(accountKey, window), addressKey ? this.counters.hit(addressKey, window) : null]);
    } catch (error) {
      // Without the counters guessing would be unlimited: refuse rather than admit.
      this.logger.error({ err: String(error) }, 'login attempt counters unavailable');
      throw unavailable();
    }
    const decision = decideLoginAttempt(counts[0], counts[1], this.limits);
    if (!decision.allowed) throw ServiceError.tooManyRequests(AuthMessages.tooManyAttempts, decision.retryAfterSeconds, AuthErrorCodes.tooManyAttempts);

    const addressKeys = addressKey ? [addressKey] : [];
    const settle = async (work: () => Promise<void>) => {
      try {
        await work();
      } catch (error) {
        this.logger.warn({ err: String(error) }, 'could not settle a login attempt counter');
      }
    };
    return {
      succeeded: () =>
        settle(async () => {
          await Promise.all([this.counters.reset(accountKey), this.counters.release(addressKeys)]);
        }),
      notAFailure: () => settle(() => this.counters.release([accountKey, ...addressKeys])),
    };
  }

  /** Clears an account's failures (its owner has just proved mailbox control by resetting the password). */
  async forgiveAccount(email: string): Promise<void> {
    try {
      await this.counters.reset(this.accountKey(email));
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'could not clear the login failures of an account');
    }
  }

  private accountKey(email: string): string {
    return `identity:login-failures:account:${privacyKey(email)}`;
  }
}
