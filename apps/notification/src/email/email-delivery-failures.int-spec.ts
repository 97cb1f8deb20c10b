import 'reflect-metadata';
import { INestApplicationContext } from '@nestjs/common';
import { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { healthCommand, IDENTITY_EVENTS_STREAM, NotificationCommands } from '@portal/contracts';
import { ProcessedEvent } from '@portal/messaging';
import { emailConfirmationRequested } from '../testing/identity-events';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';
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
  let notification: NotificationUnderTest;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    // Nothing listens on the service's SMTP port until the test starts the mail server.
    notification = await startNotificationUnderTest('notification_failures', { mailServer: 'down', env: { EMAIL_WORKER_INLINE: 'false', EMAIL_RETRY_DELAY_MS: '20' } });
    worker = await startEmailWorker({ env: notification.infrastructure.env });
  });

  afterAll(async () => {
    await worker?.close();
    await notification?.stop();
  });

  async function jobWhen(jobId: string, ready: (job: Job<EmailJobData>, state: string) => boolean, timeoutMs = 15_000): Promise<Job<EmailJobData>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // The state first, then the job: read the other way round, a retry that ends
      // between the two reads pairs an attempt's count with a later state.
      const state = await notification.emailQueue.getJobState(jobId);
      const job = await notification.emailQueue.getJob(jobId);
      if (job && ready(job, state)) return job;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not reach the expected state within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('retries, keeps the failed job, and sends it once retried after the server is back', async () => {
    const event = emailConfirmationRequested();
    const jobId = emailJobId(event.id, 'confirm-email');
    await notification.deliver(IDENTITY_EVENTS_STREAM, event);
    expect(await notification.dataSource.getRepository(ProcessedEvent).existsBy({ eventId: event.id })).toBe(true);

    const failed = await jobWhen(jobId, (_, state) => state === 'failed');
    expect(failed.attemptsMade).toBe(5);
    expect(failed.failedReason).toMatch(/ECONNREFUSED|connect/i);
    expect(await notification.dataSource.getRepository(EmailDelivery).countBy({ eventId: event.id })).toBe(0);

    // Admins see it among the failed emails.
    const admin = { userId: randomUUID(), userType: 'admin' as const, adminRole: 'support' as const, sessionId: randomUUID() };
    const visible = await notification.client.as(admin).send(NotificationCommands.listFailedEmails, {});
    expect(visible.items).toEqual([expect.objectContaining({ jobId, template: 'confirm-email', recipient: event.payload.email, attemptsMade: 5, failedReason: expect.stringMatching(/ECONNREFUSED|connect/i) })]);

    // A mail server outage does not make the service unready.
    const health = await notification.client.send(healthCommand('notification'), {});
    expect(health.status).toBe('up');

    const mail = await notification.startMailServer();
    await failed.retry('failed');
    const email = await mail.lastEmailTo(event.payload.email);
    expect(email.text).toContain(event.payload.confirmationUrl);
    await jobWhen(jobId, (_, state) => state === 'completed');
    expect(await mail.emailsTo(event.payload.email)).toHaveLength(1);
    expect(await notification.dataSource.getRepository(EmailDelivery).countBy({ eventId: event.id })).toBe(1);
  });
});
