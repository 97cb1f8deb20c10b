import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { EmailJobState, JobQueue } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { LOGGER, ScrapedGauge, SERVICE_ENVIRONMENT } from '@portal/messaging';
import type { RedisClient } from '@portal/redis';
import { NotificationEnvironment } from '../notification-environment';
import { EmailJobData, emailJobOptions } from './email-job';

export const EMAIL_PRODUCER_REDIS = Symbol('EMAIL_PRODUCER_REDIS');

const EMAIL_JOB_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;
/** What an admin's action on a failed email found: the job is gone, or is no longer failed (someone acted first). */
export type FailedEmailRefusal = 'not_found' | 'not_failed';

/** A failed email as it was when an admin acted on it: what the audit record names (a retry resets the job's attempts). */
export interface FailedEmail {
  jobId: string;
  data: EmailJobData;
  attemptsMade: number;
  failedReason: string | null;
}

function failedEmail(job: Job<EmailJobData>): FailedEmail {
  return { jobId: String(job.id), data: job.data, attemptsMade: job.attemptsMade, failedReason: job.failedReason ?? null };
}

/** How long an admin's action may hold a failed job: far longer than its few Redis commands take. */
const ACTION_LOCK_MS = 15_000;
/** How long the second of two admins acting on the same job at once waits for the first. */
const ACTION_WAIT_MS = 2_000;
const ACTION_POLL_MS = 10;
/** Deletes the lock only if it is still the caller's (not one taken after it expired). */
const RELEASE_ACTION_LOCK = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`;

const emailQueueJobs = new ScrapedGauge('portal_email_queue_jobs', 'Email jobs in the BullMQ queue by state (failed: gave up after every retry)', ['state']);

/** The only way email gets queued: one job per event and template. */
@Injectable()
export class EmailQueue implements BeforeApplicationShutdown {
  private readonly queue: Queue<EmailJobData>;
  private readonly removeGauge: () => void;

  constructor(
    @Inject(EMAIL_PRODUCER_REDIS) private readonly redis: RedisClient,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: NotificationEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.queue = new Queue<EmailJobData>(JobQueue.Email, { connection: redis, prefix: environment.BULLMQ_PREFIX });
    // Connection errors are already reported once by the connection; BullMQ repeats them
    // on every reconnect attempt.
    this.queue.on('error', (error) => {
      if (redis.status === 'ready') this.logger.warn({ err: error.message }, 'email queue error');
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

  /**
   * Queues a failed job again with all its attempts; answers the email as it was (for the
   * audit record) and the state it is in now. BullMQ's retry moves it out of the failed set
   * only if it is still there, in one script; the lock keeps a dismiss from acting between.
   * The worker reads the address when it sends, so an email for the user's current address
   * goes to the one known then.
   */
  async retryFailed(jobId: string): Promise<{ email: FailedEmail; state: EmailJobState } | FailedEmailRefusal> {
    const outcome = await this.aloneOn(jobId, async () => {
      const job = await this.queue.getJob(jobId);
      if (!job) return 'not_found';
      const email = failedEmail(job);
      // Refused when not in the failed set (any more): removed by retention, or queued again by hand.
      return this.refusedAs(jobId, job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }), email);
    });
    if (typeof outcome === 'string') return outcome;
    return { email: outcome, state: (await this.queue.getJobState(jobId)) as EmailJobState };
  }

  /**
   * Removes a failed job for good, and only a failed one: a job queued again (waiting,
   * active) is never removed. BullMQ removes a job in any state but active, so the check
   * and the removal run under the lock a retry also takes.
   */
  async dismissFailed(jobId: string): Promise<FailedEmail | FailedEmailRefusal> {
    return this.aloneOn(jobId, async () => {
      const job = await this.queue.getJob(jobId);
      if (!job) return 'not_found';
      if (!(await job.isFailed())) return 'not_failed';
      const email = failedEmail(job);
      // Refused when a worker holds it: gone since it was read, or taken up again outside these actions.
      return this.refusedAs(jobId, job.remove(), email);
    });
  }

  /** The email once BullMQ has acted; when it refused, what the job's state says (gone: not_found; no longer failed: not_failed). */
  private async refusedAs(jobId: string, action: Promise<unknown>, email: FailedEmail): Promise<FailedEmail | FailedEmailRefusal> {
    try {
      await action;
      return email;
    } catch (error) {
      const state = await this.queue.getJobState(jobId);
      if (state === 'unknown') return 'not_found';
      if (state !== 'failed') return 'not_failed';
      throw error;
    }
  }

  /**
   * Runs an admin's action on a failed job while no other action on it runs, so of two
   * admins acting at once exactly one acts and the other finds what the first did (gone:
   * not_found; queued again: not_failed). BullMQ has no "remove only if failed": its retry
   * checks the state atomically, its remove does not, and its own job lock is the worker's
   * (a job holding it cannot be removed, not even by its holder). Hence a short-lived lock
   * of our own keyed by the job id (SET NX PX, released only by its holder), taken by both
   * actions. It outlives any action: each of its few commands fails after the fail-fast
   * connection's time-out. The second admin waits for the first briefly; if the lock is
   * still taken (its holder died), someone else is acting on it: not_failed.
   */
  private async aloneOn<T>(jobId: string, act: () => Promise<T | FailedEmailRefusal>): Promise<T | FailedEmailRefusal> {
    const key = `notification:failed-email-action:${jobId}`;
    const token = randomUUID();
    const giveUpAt = Date.now() + ACTION_WAIT_MS;
    while ((await this.redis.set(key, token, 'PX', ACTION_LOCK_MS, 'NX')) !== 'OK') {
      if (Date.now() >= giveUpAt) return 'not_failed';
      await new Promise((resolve) => setTimeout(resolve, ACTION_POLL_MS));
    }
    try {
      return await act();
    } finally {
      // The action has happened (or failed) either way; a lock left behind expires by itself.
      await this.redis.eval(RELEASE_ACTION_LOCK, 1, key, token).catch((error: Error) => this.logger.warn({ jobId, err: error.message }, 'failed email action lock not released; it expires by itself'));
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.removeGauge();
    await this.queue.close();
  }
}
