import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { JobQueue } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { runWithRequestContext } from '@portal/logging';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import type { RedisClient } from '@portal/redis';
import { NotificationEnvironment } from '../notification-environment';
import { EMAIL_SEND_ATTEMPTS, EmailJobData } from './email-job';
import { MAIL_TRANSPORT, MailTransport } from './mail-transport';
import { SendEmailJob, SendEmailResult } from './send-email.job';

export const EMAIL_WORKER_REDIS = Symbol('EMAIL_WORKER_REDIS');

/**
 * Takes email jobs off the queue and runs SendEmailJob on each, several at a time.
 * Starts once the application is up; on shutdown stops taking jobs, lets running ones
 * finish, then closes its SMTP connection (RedisModule closes the Redis one).
 */
@Injectable()
export class EmailWorker implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private worker: Worker<EmailJobData, SendEmailResult> | null = null;

  constructor(
    private readonly sendEmail: SendEmailJob,
    @Inject(EMAIL_WORKER_REDIS) private readonly connection: RedisClient,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: NotificationEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const worker = new Worker<EmailJobData, SendEmailResult>(
      JobQueue.Email,
      (job: Job<EmailJobData>) => runWithRequestContext({ requestId: job.data.requestId ?? job.data.eventId }, () => this.sendEmail.run(job)),
      { connection: this.connection, prefix: this.environment.BULLMQ_PREFIX, concurrency: this.environment.EMAIL_WORKER_CONCURRENCY },
    );
    worker.on('failed', (job, error) => {
      if (!job) return;
      const final = job.attemptsMade >= (job.opts.attempts ?? EMAIL_SEND_ATTEMPTS) || error.name === 'UnrecoverableError';
      const details = { jobId: job.id, eventId: job.data.eventId, requestId: job.data.requestId, template: job.data.template, attempt: job.attemptsMade, err: error.message };
      if (final) this.logger.error(details, 'email could not be sent; the job is kept as failed');
      else this.logger.warn(details, 'email attempt failed; will retry');
    });
    // Connection errors are already reported once by the connection (@portal/redis).
    worker.on('error', (error) => {
      if (this.connection.status === 'ready') this.logger.warn({ err: error.message }, 'email worker error');
    });
    this.worker = worker;
    // Not awaited: with Redis away the service still starts and reports it in its health.
    worker
      .waitUntilReady()
      .then(() => this.logger.info({ queue: JobQueue.Email, concurrency: this.environment.EMAIL_WORKER_CONCURRENCY }, 'email worker started'))
      .catch(() => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    this.worker = null;
  }

  // The Redis connection is closed by its RedisModule, after this.
  onApplicationShutdown(): void {
    this.transport.close();
  }
}
