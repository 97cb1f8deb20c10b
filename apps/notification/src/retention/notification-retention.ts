import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { RetentionJob } from '@portal/database';
import type { Logger } from '@portal/logging';
import { LOGGER } from '@portal/messaging';
import { EMAIL_DELIVERY_RULE } from '../email/email-delivery-retention';
import { ERASED_USER_RULE } from '../erasure/erased-user-retention';
import { WEBHOOK_DELIVERY_RULE } from '../webhooks/webhook-delivery-retention';

/**
 * Deletes what notification keeps only for a while, hourly (the shared RetentionJob of
 * libs/database): the sent-email log, the erased-user tombstones and the webhook delivery log. Each rule and why it
 * keeps what it keeps lives beside its entity.
 */
@Injectable()
export class NotificationRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job: RetentionJob;

  constructor(dataSource: DataSource, @Inject(LOGGER) logger: Logger, clock: Clock) {
    // On the service's clock, by which the records are dated: a clock moved ahead (CLOCK_OFFSET_DAYS, a test's ManualClock) ages them with it.
    this.job = new RetentionJob(dataSource, [EMAIL_DELIVERY_RULE, ERASED_USER_RULE, WEBHOOK_DELIVERY_RULE], logger, 'expired notification records', clock);
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** Deletes what the rules no longer keep (as of the service's clock unless `now` is given); returns how many rows went, by rule. */
  purge(now?: Date): Promise<Record<string, number>> {
    return this.job.purge(now);
  }
}
