import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from '@portal/logging';
import { LOGGER } from '@portal/messaging';

/**
 * How long the record of a sent email (address, subject) stays. It stops a job run again
 * after a crash from sending twice, which happens within minutes; a replayed event is
 * stopped by its processed record (30 days) and its kept job (7 days). A month also
 * answers support's "was the email sent?", and then the address goes.
 */
export const EMAIL_DELIVERY_RETENTION_DAYS = 30;

const BATCH_SIZE = 1_000;
const FIRST_RUN_DELAY_MS = 60_000;
const INTERVAL_MS = 3_600_000;

/** Deletes deliveries older than the retention, in small batches; returns how many went. Safe on several replicas at once. */
export async function purgeOldEmailDeliveries(dataSource: DataSource, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EMAIL_DELIVERY_RETENTION_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const [, count] = (await dataSource.query(
      `DELETE FROM notification.email_deliveries WHERE id IN (SELECT id FROM notification.email_deliveries WHERE sent_at < $1 LIMIT ${BATCH_SIZE})`,
      [cutoff],
    )) as [unknown, number];
    deleted += count;
    if (count < BATCH_SIZE) return deleted;
  }
}

/** Runs the purge hourly in the service process, as the spent event rows' purge runs. */
@Injectable()
export class EmailDeliveryRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(FIRST_RUN_DELAY_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  purge(now = new Date()): Promise<number> {
    return purgeOldEmailDeliveries(this.dataSource, now);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.purge()
        .then((deleted) => this.logger.info({ deleted }, 'old email delivery records deleted'))
        .catch((error) => this.logger.warn({ err: String(error) }, 'could not delete old email delivery records; will retry'))
        .finally(() => this.schedule(INTERVAL_MS));
    }, delayMs);
    // The schedule alone must not keep the process alive.
    this.timer.unref();
  }
}
