import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HourlySchedule, purgeExpired, RetentionRule } from '@portal/database';
import type { Logger } from '@portal/logging';
import { LOGGER } from '@portal/messaging';
import { EmailDelivery } from './email-delivery.entity';

/**
 * How long the record of a sent email (address, subject) stays. It stops a job run again
 * after a crash from sending twice, which happens within minutes; a replayed event is
 * stopped by its processed record (30 days) and its kept job (7 days). A month also
 * answers support's "was the email sent?", and then the address goes.
 */
export const EMAIL_DELIVERY_RETENTION_DAYS = 30;

const RULES: RetentionRule[] = [{ name: 'email deliveries', entity: EmailDelivery, column: 'sent_at', keepDays: EMAIL_DELIVERY_RETENTION_DAYS }];

/** Deletes deliveries older than the retention, in small batches; returns how many went. Safe on several replicas at once. */
export async function purgeOldEmailDeliveries(dataSource: DataSource, now = new Date()): Promise<number> {
  return (await purgeExpired(dataSource, RULES, now))['email deliveries'];
}

/** Runs the purge hourly in the service process, as the spent event rows' purge runs. */
@Injectable()
export class EmailDeliveryRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly schedule = new HourlySchedule(() =>
    this.purge().then(
      (deleted) => this.logger.info({ deleted }, 'old email delivery records deleted'),
      (error: unknown) => this.logger.warn({ err: String(error) }, 'could not delete old email delivery records; will retry'),
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
    return purgeOldEmailDeliveries(this.dataSource, now);
  }
}
