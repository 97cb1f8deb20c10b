import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { LOGGER } from '@portal/messaging';
import type { Logger } from '@portal/logging';
import { EmailConfirmationToken } from '../email-confirmation/email-confirmation-token.entity';
import { PasswordResetToken } from '../password-reset/password-reset-token.entity';
import { EmailChangeToken } from '../profile/email-change-token.entity';
import { RefreshToken } from '../sessions/refresh-token.entity';

interface RetentionRule {
  name: string;
  entity: EntityTarget<ObjectLiteral>;
  /** Column whose age decides: rows older than keepDays by it are deleted. */
  column: string;
  keepDays: number;
}

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

const BATCH_SIZE = 1_000;
const FIRST_RUN_DELAY_MS = 60_000;
const INTERVAL_MS = 3_600_000;

/** Deletes spent tokens hourly, in small batches so no lock is held for long. */
@Injectable()
export class DataRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.schedule(FIRST_RUN_DELAY_MS);
  }

  async beforeApplicationShutdown() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Deletes what the rules no longer keep; returns how many rows went, by rule. Safe on several replicas at once. */
  async purge(now = new Date()): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const rule of RETENTION_RULES) {
      const { schema, tableName } = this.dataSource.getMetadata(rule.entity);
      const table = [schema, tableName].filter((part): part is string => Boolean(part)).map((part) => this.dataSource.driver.escape(part)).join('.');
      const cutoff = new Date(now.getTime() - rule.keepDays * 86_400_000);
      deleted[rule.name] = 0;
      for (;;) {
        const [, count] = (await this.dataSource.query(
          `DELETE FROM ${table} WHERE "id" IN (SELECT "id" FROM ${table} WHERE ${this.dataSource.driver.escape(rule.column)} < $1 LIMIT ${BATCH_SIZE})`,
          [cutoff],
        )) as [unknown, number];
        deleted[rule.name] += count;
        if (count < BATCH_SIZE) break;
      }
    }
    return deleted;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.purge()
        .then((deleted) => this.logger.info({ deleted }, 'expired identity records deleted'))
        .catch((error) => this.logger.warn({ err: String(error) }, 'could not delete expired identity records; will retry'))
        .finally(() => this.schedule(INTERVAL_MS));
    }, delayMs);
    // The schedule alone must not keep the process alive.
    this.timer.unref();
  }
}
