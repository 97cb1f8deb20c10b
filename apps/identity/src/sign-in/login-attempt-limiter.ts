import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, SERVICE_ENVIRONMENT, ServiceError } from '@portal/messaging';
import type { Logger } from '@portal/logging';
import type { RedisClient } from '@portal/redis';
import { IdentityEnvironment } from '../identity-environment';
import { REDIS } from '../redis/redis';
import { WindowCount, WindowCounters } from '../redis/window-counters';
import { SettingsService } from '../settings/settings.service';
import { privacyKey } from '../tokens/opaque-token';

export interface LoginLimits {
  /** Failures of one account from one address. */
  maxFailuresPerAccountAndAddress: number;
  /** Failures from one address, whatever the accounts (credential stuffing). */
  maxFailuresPerAddress: number;
  /** Failures of one account from every address (distributed guessing); binds unknown addresses only. */
  maxFailuresPerAccount: number;
}

export interface LoginCounts {
  accountAndAddress: WindowCount;
  address: WindowCount | null;
  account: WindowCount;
  /** The address has signed in to this account before. */
  knownAddress: boolean;
}

export type LockReason = 'account_and_address' | 'address' | 'account';

export type LoginDecision =
  | { allowed: true }
  /** `startsLock` is true for the first refused attempt of a window, the moment worth auditing. */
  | { allowed: false; retryAfterSeconds: number; reasons: LockReason[]; startsLock: boolean };

/**
 * Decides on an attempt from the counts that already include it. An account is locked
 * only for the addresses that failed, so six anonymous requests cannot lock its owner
 * out: the owner's own address keeps its own count. Guessing from many addresses at
 * once locks the account for every address that has never signed in to it, while its
 * owner's known addresses still get in. An attempt beyond a limit waits for the later
 * blocking window.
 */
export function decideLoginAttempt(counts: LoginCounts, limits: LoginLimits): LoginDecision {
  const blocking: { reason: LockReason; count: WindowCount; limit: number }[] = [];
  if (counts.accountAndAddress.count > limits.maxFailuresPerAccountAndAddress) {
    blocking.push({ reason: 'account_and_address', count: counts.accountAndAddress, limit: limits.maxFailuresPerAccountAndAddress });
  }
  if (counts.address && counts.address.count > limits.maxFailuresPerAddress) {
    blocking.push({ reason: 'address', count: counts.address, limit: limits.maxFailuresPerAddress });
  }
  if (!counts.knownAddress && counts.account.count > limits.maxFailuresPerAccount) {
    blocking.push({ reason: 'account', count: counts.account, limit: limits.maxFailuresPerAccount });
  }
  if (blocking.length === 0) return { allowed: true };
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, ...blocking.map((entry) => entry.count.ttlSeconds)),
    reasons: blocking.map((entry) => entry.reason),
    startsLock: blocking.some((entry) => entry.count.count === entry.limit + 1),
  };
}

/** An admitted sign-in attempt; it counts as a failure unless it says otherwise. */
export interface LoginAttempt {
  /** The password was right and the person is signed in: this address's failures are forgiven and it becomes known. */
  succeeded(userId: string): Promise<void>;
  /** The password was right but sign-in was refused (unconfirmed, suspended) or could not be checked. */
  notAFailure(): Promise<void>;
}

/** A refused attempt: why, and whether it is the one that started the lock. */
export class LoginLockedOut extends Error {
  constructor(readonly decision: Extract<LoginDecision, { allowed: false }>) {
    super('too many login attempts');
  }

  toServiceError(): ServiceError {
    return ServiceError.of(429, 'too_many_attempts', { retryAfterSeconds: this.decision.retryAfterSeconds });
  }
}

function unavailable(): ServiceError {
  return ServiceError.of(503, 'sign_in_unavailable');
}

/** How long an address stays known for an account after a successful sign-in from it. */
const KNOWN_ADDRESS_DAYS = 90;

/**
 * Limits failed sign-ins per account and address, per address, and per account across
 * addresses, shared by every replica (Redis). Each attempt takes a failure slot before
 * the password is checked, so parallel guesses cannot exceed a limit, and gives it back
 * when the password was right.
 */
@Injectable()
export class LoginAttemptLimiter {
  constructor(
    private readonly counters: WindowCounters,
    private readonly settings: SettingsService,
    @Inject(REDIS) private readonly redis: RedisClient,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: IdentityEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The limits now: per account and address, the `security` setting's maxFailedLogins
   * (read at each attempt, so an admin's change applies at once; LOGIN_MAX_FAILURES_PER_ACCOUNT
   * while the setting is not stored); the others from the environment.
   */
  private async limits(): Promise<LoginLimits> {
    const { maxFailedLogins } = await this.settings.security(undefined, this.environment.LOGIN_MAX_FAILURES_PER_ACCOUNT);
    return {
      maxFailuresPerAccountAndAddress: maxFailedLogins,
      maxFailuresPerAddress: this.environment.LOGIN_MAX_FAILURES_PER_ADDRESS,
      maxFailuresPerAccount: this.environment.LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL_ADDRESSES,
    };
  }

  /** Admits the attempt, or throws LoginLockedOut saying why and for how long. */
  async admit(email: string, clientIp: string | undefined): Promise<LoginAttempt> {
    const account = privacyKey(email);
    const address = clientIp ? privacyKey(clientIp) : 'unknown-address';
    const keys = {
      accountAndAddress: `identity:login-failures:account-address:${account}:${address}`,
      address: clientIp ? `identity:login-failures:address:${address}` : null,
      account: this.accountKey(email),
      knownAddresses: `identity:login-known-addresses:${account}`,
    };
    const window = this.environment.LOGIN_FAILURE_WINDOW_SECONDS;
    let counts: LoginCounts;
    const limits = await this.limits();
    try {
      const [accountAndAddress, addressCount, accountCount, known] = await Promise.all([
        this.counters.hit(keys.accountAndAddress, window),
        keys.address ? this.counters.hit(keys.address, window) : null,
        this.counters.hit(keys.account, window),
        clientIp ? this.redis.sismember(keys.knownAddresses, address) : 0,
      ]);
      counts = { accountAndAddress, address: addressCount, account: accountCount, knownAddress: known === 1 };
    } catch (error) {
      // Without the counters guessing would be unlimited: refuse rather than admit.
      this.logger.error({ err: String(error) }, 'login attempt counters unavailable');
      throw unavailable();
    }
    const decision = decideLoginAttempt(counts, limits);
    if (!decision.allowed) throw new LoginLockedOut(decision);

    const failureKeys = [keys.accountAndAddress, keys.account, ...(keys.address ? [keys.address] : [])];
    const settle = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (error) {
        this.logger.warn({ err: String(error) }, 'could not settle a login attempt counter');
      }
    };
    return {
      succeeded: () =>
        settle(async () => {
          await Promise.all([
            this.counters.reset(keys.accountAndAddress),
            this.counters.release([keys.account, ...(keys.address ? [keys.address] : [])]),
            clientIp ? this.redis.multi().sadd(keys.knownAddresses, address).expire(keys.knownAddresses, KNOWN_ADDRESS_DAYS * 86_400).exec() : null,
          ]);
        }),
      notAFailure: () => settle(() => this.counters.release(failureKeys)),
    };
  }

  /** Clears an account's failures from all addresses together (its owner has just proved mailbox control by resetting the password). */
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
