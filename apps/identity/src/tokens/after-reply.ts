import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { LOGGER, workAfterReply } from '@portal/messaging';
import type { Logger } from '@portal/logging';

/**
 * Work that an answer must not wait for, because how long it takes would tell something:
 * emailing a link to an address only when it has an account. Done before answering, it
 * made the answer for a registered address measurably slower than for an unknown one
 * (a transaction against a single read), so timing the "always accepted" answer told
 * whether the account exists. The caller was already told the link is on its way, so a
 * failure is logged and counted (portal_work_after_reply_total, alerted on: someone is
 * waiting for an email that will not come); shutdown waits for what is under way.
 */
@Injectable()
export class AfterReply implements BeforeApplicationShutdown {
  private readonly running = new Set<Promise<void>>();

  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  /** Starts the work and returns at once. */
  run(what: string, work: () => Promise<unknown>): void {
    const done: Promise<void> = Promise.resolve()
      .then(work)
      .then(
        () => void workAfterReply.inc({ what, outcome: 'done' }),
        (error: unknown) => {
          workAfterReply.inc({ what, outcome: 'failed' });
          this.logger.error({ err: String(error), what }, 'work after the reply failed');
        },
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once nothing started by run() is still under way. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.idle();
  }
}
