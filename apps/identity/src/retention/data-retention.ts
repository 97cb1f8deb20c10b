import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RetentionJob, RetentionRule } from '@portal/database';
import { LOGGER } from '@portal/messaging';
import type { Logger } from '@portal/logging';
import { EmailConfirmationToken } from '../email-confirmation/email-confirmation-token.entity';
import { PasswordResetToken } from '../password-reset/password-reset-token.entity';
import { EmailChangeToken } from '../profile/email-change-token.entity';
import { RefreshToken } from '../sessions/refresh-token.entity';

/**
 * How long spent records stay. Refresh tokens hold client addresses and user agents, email
 * change links the new address. None is needed long after it has expired. (Spent event
 * rows: the shared outbox module.)
 */
export const RETENTION_RULES: RetentionRule[] = [
  // A week past expiry, so a replayed old token is still recognised as reuse for a while.
  { name: 'refresh tokens', entity: RefreshToken, column: 'expires_at', keepDays: 7 },
  // A month past expiry, so an old confirmation link still offers "send a new one".
  { name: 'email confirmation tokens', entity: EmailConfirmationToken, column: 'expires_at', keepDays: 30 },
  { name: 'password reset tokens', entity: PasswordResetToken, column: 'expires_at', keepDays: 7 },
  // Each holds the address asked for. Used or replaced ones go too: all expire a day after they were sent.
  { name: 'email change tokens', entity: EmailChangeToken, column: 'expires_at', keepDays: 7 },
];

/** Deletes spent tokens hourly (the shared RetentionJob of libs/database). */
@Injectable()
export class DataRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job: RetentionJob;

  constructor(dataSource: DataSource, @Inject(LOGGER) logger: Logger) {
    this.job = new RetentionJob(dataSource, RETENTION_RULES, logger, 'expired identity records');
  }

  onApplicationBootstrap() {
    this.job.start();
  }

  beforeApplicationShutdown() {
    return this.job.stop();
  }

  /** Deletes what the rules no longer keep; returns how many rows went, by rule. */
  purge(now = new Date()): Promise<Record<string, number>> {
    return this.job.purge(now);
  }
}
