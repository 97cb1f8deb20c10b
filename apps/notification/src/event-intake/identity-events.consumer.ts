import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { EventEnvelope, IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { Logger, runWithRequestContext } from '@portal/logging';
import { consumeDurably, handleEventOnce, LOGGER, NATS_CONNECTION, RunningConsumer, SERVICE_ENVIRONMENT } from '@portal/messaging';
import { EmailQueue } from '../email/email-queue';
import { NotificationEnvironment } from '../notification-environment';
import { EmailRequest } from '../email/email-job';
import { emailForEvent, InvalidEventPayloadError } from './identity-event-emails';

/** The durable consumer's name: every replica of the service shares it. */
export const NOTIFICATION_CONSUMER = 'notification';

/**
 * Reads identity's events from JetStream and queues the emails they ask for. Events
 * that send no email are acknowledged and ignored.
 */
@Injectable()
export class IdentityEventsConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private consumer: RunningConsumer | null = null;

  constructor(
    @Inject(NATS_CONNECTION) private readonly connection: NatsConnection,
    private readonly dataSource: DataSource,
    private readonly emailQueue: EmailQueue,
    @Inject(SERVICE_ENVIRONMENT) private readonly environment: NotificationEnvironment,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await consumeDurably({
      connection: this.connection,
      stream: IDENTITY_EVENTS_STREAM,
      durable: NOTIFICATION_CONSUMER,
      logger: this.logger,
      handle: (event) => runWithRequestContext({ requestId: event.requestId ?? event.id }, () => this.handle(event)),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
    this.consumer = null;
  }

  async handle(event: EventEnvelope): Promise<void> {
    let email: EmailRequest | null;
    try {
      email = await emailForEvent(event, { webUrl: this.environment.WEB_URL });
    } catch (error) {
      if (!(error instanceof InvalidEventPayloadError)) throw error;
      this.logger.error({ eventId: event.id, subject: event.subject, err: error.message }, 'event with an invalid payload skipped');
      return;
    }
    if (!email) return;

    // The job is added inside the transaction that records the event as processed, not
    // after it commits. If the add fails, nothing commits and the redelivered event tries
    // again; if the commit fails after the add, the redelivered event adds the same job
    // id, which BullMQ ignores. Adding after the commit could lose the email: a crash
    // between the two would leave the event marked processed with no job.
    const queued = await handleEventOnce(this.dataSource.manager, event, () =>
      this.emailQueue.enqueue({ ...email, eventId: event.id, requestId: event.requestId }),
    );
    this.logger.info({ eventId: event.id, subject: event.subject, template: email.template, queued }, queued ? 'email queued' : 'event already handled');
  }
}
