import 'reflect-metadata';
import { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { healthCommand, JobQueue, IDENTITY_EVENTS_STREAM, NotificationCommands } from '@portal/contracts';
import { ProcessedEvent, runService } from '@portal/messaging';
import { freePort, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient, EventPublisher } from '@portal/testing';
import { NotificationEnvironment } from '../notification-environment';
import { NotificationModule } from '../notification.module';
import { emailConfirmationRequested } from '../testing/identity-events';
import { MailCatcher } from '../testing/mail-catcher';
import { EmailDelivery } from './email-delivery.entity';
import { emailJobId, EmailJobData } from './email-job';
import { startEmailWorker } from './start-email-worker';

jest.setTimeout(60_000);

/**
 * The mail server is down: the email is retried with back-off, ends as a failed job
 * that stays visible, and is sent when retried after the server is back. The worker
 * runs as its own application context, as `npm run start:worker` runs it.
 */
describe('email delivery while the mail server is down', () => {
  let infrastructure: TestInfrastructure;
  let smtpPort: number;
  let service: INestMicroservice;
  let worker: INestApplicationContext;
  let client: TestServiceClient;
  let events: EventPublisher;
  let queue: Queue<EmailJobData>;
  let mail: MailCatcher | undefined;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('notification_failures');
    smtpPort = await freePort(); // nothing listens here until the test starts a catcher
    const env = { ...infrastructure.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, EMAIL_WORKER_INLINE: 'false', EMAIL_RETRY_DELAY_MS: '20' };
    service = await runService({ service: 'notification', environment: NotificationEnvironment, module: (environment) => NotificationModule.register(environment), env });
    worker = await startEmailWorker({ env });
    client = await TestServiceClient.connect(infrastructure.nats.url);
    events = await EventPublisher.connect(infrastructure.nats.url);
    queue = new Queue<EmailJobData>(JobQueue.Email, { connection: { url: infrastructure.redis.url } });
  });

  afterAll(async () => {
    await queue?.close();
    await events?.close();
    await client?.close();
    await worker?.close();
    await stopService(service);
    await mail?.stop();
    await infrastructure?.stop();
  });

  async function jobWhen(jobId: string, ready: (job: Job<EmailJobData>, state: string) => boolean, timeoutMs = 15_000): Promise<Job<EmailJobData>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await queue.getJob(jobId);
      if (job && ready(job, await job.getState())) return job;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not reach the expected state within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('retries, keeps the failed job, and sends it once retried after the server is back', async () => {
    const event = emailConfirmationRequested();
    const jobId = emailJobId(event.id, 'confirm-email');
    await events.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'notification', await events.publish(IDENTITY_EVENTS_STREAM, event));
    expect(await service.get(DataSource).getRepository(ProcessedEvent).existsBy({ eventId: event.id })).toBe(true);

    const failed = await jobWhen(jobId, (_, state) => state === 'failed');
    expect(failed.attemptsMade).toBe(5);
    expect(failed.failedReason).toMatch(/ECONNREFUSED|connect/i);
    expect(await service.get(DataSource).getRepository(EmailDelivery).countBy({ eventId: event.id })).toBe(0);

    // Admins see it among the failed emails.
    const admin = { userId: randomUUID(), userType: 'admin' as const, adminRole: 'support' as const, sessionId: randomUUID() };
    const visible = await client.as(admin).send(NotificationCommands.listFailedEmails, {});
    expect(visible.items).toEqual([expect.objectContaining({ jobId, template: 'confirm-email', recipient: event.payload.email, attemptsMade: 5, failedReason: expect.stringMatching(/ECONNREFUSED|connect/i) })]);

    // A mail server outage does not make the service unready.
    const health = await client.send(healthCommand('notification'), {});
    expect(health.status).toBe('up');

    mail = await MailCatcher.start({ smtpPort });
    await failed.retry('failed');
    const email = await mail.lastEmailTo(event.payload.email);
    expect(email.text).toContain(event.payload.confirmationUrl);
    await jobWhen(jobId, (_, state) => state === 'completed');
    expect(await mail.emailsTo(event.payload.email)).toHaveLength(1);
    expect(await service.get(DataSource).getRepository(EmailDelivery).countBy({ eventId: event.id })).toBe(1);
  });
});
