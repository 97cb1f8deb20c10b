import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Cron } from 'croner';
import { Logger } from '@portal/logging';
import { LOGGER } from '@portal/messaging';
import { InvestmentDay } from './investment-day';

/**
 * Runs the investment day at start (catching up whatever was missed while the service was
 * down, or a clock moved by CLOCK_OFFSET_DAYS) and then every hour, so a new business day
 * is taken within the hour. Every replica schedules it; the advisory lock inside the run
 * lets one do the work and the others skip (InvestmentDay).
 */
@Injectable()
export class InvestmentScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private job: Cron | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly day: InvestmentDay,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.job = new Cron('7 * * * *', { timezone: 'UTC', protect: true }, () => this.tick());
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.job?.stop();
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    const run = this.day
      .run()
      .then((report) => {
        if (report && report.accrued + report.matured + report.expired > 0) this.logger.info({ investmentDay: report }, 'investment day run');
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'investment day run failed; the next run catches up'));
    this.running = run;
    await run;
    this.running = null;
  }
}
