import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HourlySchedule, purgeExpired, RetentionRule } from '@portal/database';
import type { Logger } from '@portal/logging';
import { LOGGER } from '@portal/messaging';
import { ErasedUser } from './erased-user.entity';

/**
 * How long a tombstone stays. It must outlast every way an event about the person can
 * still arrive: JetStream keeps events 7 days (a redelivery, a consumer catching up), an
 * event that kept failing is dead-lettered and can be replayed for 30 days after that, and
 * a processed-event record, which stops plain repeats, lives 30 days. 60 days covers the
 * longest (7 + 30) with room; a tombstone holds only the user id and a time.
 */
export const ERASED_USER_RETENTION_DAYS = 60;

const RULES: RetentionRule[] = [{ name: 'erased users', entity: ErasedUser, column: 'erased_at', keepDays: ERASED_USER_RETENTION_DAYS }];

/** Deletes tombstones older than the retention, in small batches; returns how many went. Safe on several replicas at once. */
export async function purgeOldErasedUsers(dataSource: DataSource, now = new Date()): Promise<number> {
  return (await purgeExpired(dataSource, RULES, now))['erased users'];
}

/** Runs the purge hourly in the service process, as EmailDeliveryRetention does. */
@Injectable()
export class ErasedUserRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly schedule = new HourlySchedule(() =>
    this.purge().then(
      (deleted) => this.logger.info({ deleted }, 'expired erased-user tombstones deleted'),
      (error: unknown) => this.logger.warn({ err: String(error) }, 'could not delete expired erased-user tombstones; will retry'),
    ),
  );

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.schedule.stop();
  }

  purge(now = new Date()): Promise<number> {
    return purgeOldErasedUsers(this.dataSource, now);
  }
}
