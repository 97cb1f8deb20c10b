import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { Clock } from '@portal/config';
import { EventEnvelope, JobQueue, StreamDefinition } from '@portal/contracts';
import { EventPublisher, freePort, ServiceUnderTest, startServiceUnderTest } from '@portal/testing';
import { EmailJobData } from '../email/email-job';
import { NotificationEnvironment } from '../notification-environment';
import { NotificationModule } from '../notification.module';
import { MailCatcher } from './mail-catcher';

/** The notification service on its own infrastructure, with the mail server it sends to and the other services' events. */
export interface NotificationUnderTest extends ServiceUnderTest {
  /** What the service has sent; throws while the mail server is down (see `startMailServer`). */
  readonly mail: MailCatcher;
  /** Publishes other services' events as their outbox relays would. */
  events: EventPublisher;
  /** The email jobs, to see a job's state and options. */
  emailQueue: Queue<EmailJobData>;
  /** The running instance's DataSource (a new one after `whileStopped`). */
  readonly dataSource: DataSource;
  /** Publishes the event and waits until the service has handled it; another messageId gets past JetStream's de-duplication. */
  deliver(stream: StreamDefinition, event: EventEnvelope, messageId?: string): Promise<void>;
  /** Publishes the event, then the same event again past JetStream's de-duplication, and waits for both. */
  deliverTwice(stream: StreamDefinition, event: EventEnvelope): Promise<void>;
  /** Starts catching mail on the port the service sends to: the mail server coming (back) up. */
  startMailServer(): Promise<MailCatcher>;
  /** Waits until no email job is waiting, running or due for a retry. */
  emailQueueSettled(timeoutMs?: number): Promise<void>;
}

/**
 * Starts the notification service with its email worker in-process and a mail catcher.
 * `mailServer: 'down'` leaves the SMTP port closed until `startMailServer`; `env` overrides
 * the service's environment (also in `infrastructure.env`, for a separate email worker);
 * `clock` is the service's Clock (a test's ManualClock) instead of the environment's.
 */
export async function startNotificationUnderTest(label: string, options: { mailServer?: 'up' | 'down'; env?: NodeJS.ProcessEnv; clock?: Clock } = {}): Promise<NotificationUnderTest> {
  const smtpPort = await freePort();
  let mail: MailCatcher | undefined;
  const startMailServer = async () => (mail = await MailCatcher.start({ smtpPort }));
  // The mail server is up before the service starts, as in a deployment.
  if (options.mailServer !== 'down') await startMailServer();
  let running: ServiceUnderTest;
  try {
    running = await startServiceUnderTest({
      label,
      service: 'notification',
      environment: NotificationEnvironment,
      module: (environment) => NotificationModule.register(environment),
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, EMAIL_WORKER_INLINE: 'true', ...options.env },
      clock: options.clock,
    });
  } catch (error) {
    await mail?.stop();
    throw error;
  }
  const events = await EventPublisher.connect(running.infrastructure.nats.url);
  // The service's own prefix: its default unless the test sets BULLMQ_PREFIX.
  const prefix = options.env?.BULLMQ_PREFIX ?? new NotificationEnvironment().BULLMQ_PREFIX;
  const emailQueue = new Queue<EmailJobData>(JobQueue.Email, { connection: { url: running.infrastructure.redis.url }, prefix });

  const deliver = async (stream: StreamDefinition, event: EventEnvelope, messageId?: string) => {
    await events.waitUntilHandled(stream, 'notification', await events.publish(stream, event, messageId));
  };
  return {
    infrastructure: running.infrastructure,
    get service() {
      return running.service;
    },
    client: running.client,
    database: running.database,
    whileStopped: (work) => running.whileStopped(work),
    get mail() {
      if (!mail) throw new Error('the mail server is down: startMailServer() first');
      return mail;
    },
    events,
    emailQueue,
    get dataSource() {
      return running.service.get(DataSource);
    },
    deliver,
    async deliverTwice(stream, event) {
      await events.publish(stream, event);
      await deliver(stream, event, `${event.id}-redelivered`);
    },
    startMailServer,
    async emailQueueSettled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const counts = await emailQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (Object.values(counts).every((count) => count === 0)) return;
        if (Date.now() > deadline) throw new Error(`email queue still busy: ${JSON.stringify(counts)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      await emailQueue.close();
      await events.close();
      await running.stop();
      await mail?.stop();
    },
  };
}
