import 'reflect-metadata';
import { INestApplicationContext } from '@nestjs/common';
import { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Actor, AdminRole, IDENTITY_EVENTS_STREAM, IdentityEvents, LEDGER_EVENTS_STREAM, LedgerEvents, NotificationCommands, NotificationEvents } from '@portal/contracts';
import { eventEnvelope, refusalOf as failure } from '@portal/testing';
import { testEmailAddress, userRegistered } from '../testing/identity-events';
import { transactionEvent } from '../testing/ledger-events';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';
import { emailJobId, EmailJobData } from './email-job';
import { startEmailWorker } from './start-email-worker';

jest.setTimeout(90_000);

const admin = (adminRole: AdminRole = 'support'): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole, sessionId: randomUUID() });

/**
 * An admin acts on emails that failed after every retry: retries one (it is queued again
 * and sent, to the person's current address when it is addressed so) or dismisses one.
 * The mail server is down until the retry test starts it; the worker runs on its own.
 */
describe('failed emails: retry and dismiss', () => {
  let notification: NotificationUnderTest;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification_failed_actions', { mailServer: 'down', env: { EMAIL_WORKER_INLINE: 'false', EMAIL_RETRY_DELAY_MS: '20' } });
    worker = await startEmailWorker({ env: notification.infrastructure.env });
  });

  afterAll(async () => {
    await worker?.close();
    await notification?.stop();
  });

  async function jobWhen(jobId: string, ready: (job: Job<EmailJobData> | undefined, state: string) => boolean, timeoutMs = 15_000): Promise<Job<EmailJobData> | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await notification.emailQueue.getJob(jobId);
      if (ready(job, job ? await job.getState() : 'unknown')) return job;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not reach the expected state within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A customer notification knows, and a deposit-completed email to them that failed after every retry. */
  async function failedDepositEmail() {
    const userId = randomUUID();
    const email = testEmailAddress('failed');
    await notification.deliver(IDENTITY_EVENTS_STREAM, userRegistered({ userId, email, firstName: 'Ada' }));
    const deposit = eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(userId));
    await notification.deliver(LEDGER_EVENTS_STREAM, deposit);
    const jobId = emailJobId(deposit.id, 'deposit-completed');
    await jobWhen(jobId, (_, state) => state === 'failed');
    return { userId, email, jobId, eventId: deposit.id };
  }

  async function auditRecords(jobId: string) {
    const rows = await notification.database.query(`SELECT payload FROM notification.outbox_events WHERE subject = $1 AND payload->>'targetId' = $2 ORDER BY sequence`, [
      NotificationEvents.auditRecorded.subject,
      jobId,
    ]);
    return rows.rows.map((row: { payload: Record<string, unknown> }) => row.payload);
  }

  it('dismisses a failed email for good and records it; refuses an unknown one (404) and one that is not failed (409)', async () => {
    const { jobId, eventId } = await failedDepositEmail();
    const agent = admin();

    // Roles without the notifications permission, and customers, may not act.
    for (const refused of [admin('admin'), { ...admin(), userType: 'customer' as const, adminRole: null }]) {
      expect(await failure(notification.client.as(refused).send(NotificationCommands.dismissFailedEmail, { jobId }))).toMatchObject({ statusCode: 403 });
      expect(await failure(notification.client.as(refused).send(NotificationCommands.retryFailedEmail, { jobId }))).toMatchObject({ statusCode: 403 });
    }
    expect(await jobWhen(jobId, (_, state) => state === 'failed')).toBeDefined();

    expect(await notification.client.as(agent).send(NotificationCommands.dismissFailedEmail, { jobId })).toEqual({ jobId });
    expect(await notification.emailQueue.getJob(jobId)).toBeUndefined();
    expect((await notification.client.as(agent).send(NotificationCommands.listFailedEmails, {})).items.map((item) => item.jobId)).not.toContain(jobId);
    expect(await auditRecords(jobId)).toEqual([
      expect.objectContaining({
        category: 'admin_action',
        actionType: 'failed_email_dismissed',
        actor: { userId: agent.userId },
        targetType: 'email',
        targetId: jobId,
        metadata: expect.objectContaining({ template: 'deposit-completed', eventId, attemptsMade: 5 }),
      }),
    ]);

    // Gone: both actions answer 404, and nothing more is recorded.
    const gone = { statusCode: 404, code: 'failed_email_not_found', message: 'This failed email was not found.' };
    expect(await failure(notification.client.as(agent).send(NotificationCommands.dismissFailedEmail, { jobId }))).toMatchObject(gone);
    expect(await failure(notification.client.as(agent).send(NotificationCommands.retryFailedEmail, { jobId }))).toMatchObject(gone);
    expect(await failure(notification.client.as(agent).send(NotificationCommands.retryFailedEmail, { jobId: `${randomUUID()}.welcome` }))).toMatchObject(gone);
    expect(await failure(notification.client.as(agent).send(NotificationCommands.retryFailedEmail, { jobId: 'not-a-job' }))).toMatchObject({ statusCode: 400 });
    expect(await auditRecords(jobId)).toHaveLength(1);

    // A job still waiting for its turn is not failed: 409, and it stays as it was.
    const waitingId = emailJobId(randomUUID(), 'welcome');
    await notification.emailQueue.add('welcome', { template: 'welcome', to: testEmailAddress('later'), params: { signInUrl: 'http://localhost:3000/auth/login' }, eventId: waitingId.split('.')[0] }, { jobId: waitingId, delay: 600_000 });
    const notFailed = { statusCode: 409, code: 'failed_email_no_longer_failed' };
    expect(await failure(notification.client.as(agent).send(NotificationCommands.retryFailedEmail, { jobId: waitingId }))).toMatchObject(notFailed);
    expect(await failure(notification.client.as(agent).send(NotificationCommands.dismissFailedEmail, { jobId: waitingId }))).toMatchObject(notFailed);
    expect(await (await notification.emailQueue.getJob(waitingId))?.getState()).toBe('delayed');
    expect(await auditRecords(waitingId)).toEqual([]);
    await (await notification.emailQueue.getJob(waitingId))?.remove();
  });

  it("retries a failed email with all its attempts: it is sent, to the address the person has now, and the retry is recorded", async () => {
    const { userId, email, jobId } = await failedDepositEmail();
    const agent = admin('super_admin');
    // The customer changes their address while the email sits failed.
    const newEmail = testEmailAddress('moved');
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.emailChanged, { userId, email: newEmail, previousEmail: email, firstName: 'Ada' }));
    const noticeJobId = emailJobId((await notification.emailQueue.getJobs(['failed', 'waiting', 'delayed', 'active'])).find((job) => job?.data.template === 'email-changed' && job.data.to === email)!.data.eventId, 'email-changed');
    await jobWhen(noticeJobId, (_, state) => state === 'failed');

    const mail = await notification.startMailServer();
    const retried = await notification.client.as(agent).send(NotificationCommands.retryFailedEmail, { jobId });
    expect(retried.jobId).toBe(jobId);
    expect(['waiting', 'active', 'completed']).toContain(retried.state);
    // A second retry while it is queued or sent: no longer failed.
    expect(await failure(notification.client.as(agent).send(NotificationCommands.retryFailedEmail, { jobId }))).toMatchObject({ statusCode: 409 });

    const sent = await mail.lastEmailTo(newEmail);
    expect(sent.subject).toMatch(/deposit/i);
    const completed = await jobWhen(jobId, (_, state) => state === 'completed');
    expect(completed?.attemptsMade).toBe(1);
    expect(await mail.emailsTo(email)).toEqual([]);
    expect(await auditRecords(jobId)).toEqual([expect.objectContaining({ actionType: 'failed_email_retried', actor: { userId: agent.userId }, targetType: 'email', targetId: jobId })]);

    // The "your address was changed" notice is for the address it names: the old one.
    await notification.client.as(agent).send(NotificationCommands.retryFailedEmail, { jobId: noticeJobId });
    const notice = await mail.lastEmailTo(email);
    expect(notice.text).toContain(newEmail);
    expect((await mail.emailsTo(newEmail)).map((each) => each.subject)).toEqual([sent.subject]);
  });
});
