import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { JobQueue } from '@portal/contracts';
import type { Logger } from '@portal/logging';
import { runWithRequestContext } from '@portal/logging';
import { LOGGER, SERVICE_ENVIRONMENT } from '@portal/messaging';
import type { RedisClient } from '@portal/redis';
import { NotificationEnvironment } from '../notification-environment';
import { DeliverWebhookJob } from './deliver-webhook.job';
import { WebhookJobData, webhookRetryDelay } from './webhook-job';

export const WEBHOOK_WORKER_REDIS = Symbol('WEBHOOK_WORKER_REDIS');
/** Deliveries in flight at once: each mostly waits on a remote server. */
const CONCURRENCY = 10;

/** Runs DeliverWebhookJob on the webhook queue inside the service process, with the back-off of webhookRetryDelay. */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private worker: Worker<WebhookJobData> | null = null;

  constructor(
    private readonly deliver: DeliverWebhookJob,
    @Inject(WEBHOOK_WORKER_REDIS) private readonly connection: RedisClient,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: NotificationEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const firstDelay = this.environment.WEBHOOK_RETRY_DELAY_MS;
    const worker = new Worker<WebhookJobData>(JobQueue.Webhook, (job: Job<WebhookJobData>) => runWithRequestContext({ requestId: job.data.requestId ?? job.data.deliveryId }, () => this.deliver.run(job)), {
      connection: this.connection,
      prefix: this.environment.BULLMQ_PREFIX,
      concurrency: CONCURRENCY,
      settings: { backoffStrategy: (attemptsMade: number) => webhookRetryDelay(attemptsMade, firstDelay) },
    });
    worker.on('error', (error) => {
      if (this.connection.status === 'ready') this.logger.warn({ err: error.message }, 'webhook worker error');
    });
    this.worker = worker;
    worker
      .waitUntilReady()
      .then(() => this.logger.info({ queue: JobQueue.Webhook }, 'webhook worker started'))
      .catch(() => undefined);
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    this.worker = null;
  }
}
