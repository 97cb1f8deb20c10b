import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EmailJobState, JobQueue } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { LOGGER, ScrapedGauge, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { NotificationEnvironment } from '../notification-environment';
import { EmailJobData, emailJobOptions } from './email-job';

export const EMAIL_PRODUCER_REDIS = Symbol('EMAIL_PRODUCER_REDIS');

const EMAIL_JOB_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;
/** What an admin's action on a failed email found: the job is gone, or is no longer failed (someone acted first). */
export type FailedEmailRefusal = 'not_found' | 'not_failed';

const emailQueueJobs = new ScrapedGauge('portal_email_queue_jobs', 'Email jobs in the BullMQ queue by state (failed: gave up after every retry)', ['state']);

/** The only way email gets queued: one job per event and template. */
@Injectable()
export class EmailQueue implements BeforeApplicationShutdown {
  private readonly queue: Queue<EmailJobData>;
  private readonly removeGauge: () => void;

  constructor(
    @Inject(EMAIL_PRODUCER_REDIS) connection: Redis,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: NotificationEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.queue = new Queue<EmailJobData>(JobQueue.Email, { connection });
    // Connection errors are already reported once by the connection; BullMQ repeats them
    // on every reconnect attempt.
    this.queue.on('error', (error) => {
      if (connection.status === 'ready') this.logger.warn({ err: error.message }, 'email queue error');
    });
    this.removeGauge = emailQueueJobs.add(async () => {
      const counts = await this.queue.getJobCounts(...EMAIL_JOB_STATES);
      return EMAIL_JOB_STATES.map((state) => ({ labels: { state }, value: counts[state] ?? 0 }));
    });
  }

  /**
   * Queues the email unless a job for the same event and template already exists
   * (waiting, retrying, sent within the last week, or failed), in which case nothing
   * happens: BullMQ keeps the existing job.
   */
  async enqueue(email: EmailJobData): Promise<void> {
    await this.queue.add(email.template, email, emailJobOptions(email.eventId, email.template, this.environment.EMAIL_RETRY_DELAY_MS));
  }

  /** Emails that gave up after their last retry, newest first: shown to admins until someone acts. */
  async failed(limit = 100): Promise<{ jobs: Job<EmailJobData>[]; total: number }> {
    const [jobs, total] = await Promise.all([this.queue.getFailed(0, limit - 1), this.queue.getFailedCount()]);
    return { jobs: jobs.filter(Boolean) as Job<EmailJobData>[], total };
  }

  /** A failed email job, or why there is none to act on. */
  async failedJob(jobId: string): Promise<Job<EmailJobData> | FailedEmailRefusal> {
    const job = await this.queue.getJob(jobId);
    if (!job) return 'not_found';
    return (await job.getState()) === 'failed' ? job : 'not_failed';
  }

  /**
   * Queues a failed job again with all its attempts (BullMQ checks, atomically, that it is
   * still failed); answers the state it is in now. The worker reads the address when it
   * sends, so an email for the user's current address goes to the one known then.
   */
  async retryFailed(job: Job<EmailJobData>): Promise<EmailJobState | FailedEmailRefusal> {
    try {
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    } catch (error) {
      // Retried or dismissed by someone else since it was read.
      const state = await this.queue.getJobState(String(job.id));
      if (state === 'unknown') return 'not_found';
      if (state !== 'failed') return 'not_failed';
      throw error;
    }
    return (await this.queue.getJobState(String(job.id))) as EmailJobState;
  }

  /**
   * Removes a failed job for good. Between its check and the removal another admin could
   * retry it; BullMQ refuses to remove a job a worker holds, which answers 'not_failed'.
   */
  async dismissFailed(job: Job<EmailJobData>): Promise<true | FailedEmailRefusal> {
    if ((await job.getState()) !== 'failed') return 'not_failed';
    try {
      await job.remove();
    } catch (error) {
      const state = await this.queue.getJobState(String(job.id));
      if (state === 'unknown') return 'not_found';
      if (state !== 'failed') return 'not_failed';
      throw error;
    }
    return true;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.removeGauge();
    await this.queue.close();
  }
}
