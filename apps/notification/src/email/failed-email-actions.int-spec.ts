import 'reflect-metadata';
import { INestApplicationContext } from '@nestjs/common';
import { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Actor, AdminRole, IDENTITY_EVENTS_STREAM, IdentityEvents, LEDGER_EVENTS_STREAM, LedgerEvents, NotificationCommands, NotificationEvents, NotificationMessages } from '@portal/contracts';
import { ServiceCallError } from '@portal/messaging';
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

  /**
   * Two admins act on the same failed email at once (retry and dismiss either way round, two
   * dismisses, two retries), many times over: exactly one acts. The other is refused as if it
   * came second: 404 when the first dismissed it, 409 when the first queued it again. The job
   * ends as the winner left it (removed, or waiting) with one audit record, the winner's.
   */
  it('lets exactly one of two admins acting on the same failed email at once win: the other is refused and nothing is recorded for it', async () => {
    type Action = 'retry' | 'dismiss';
    const RACES: [Action, Action][] = [
      ['retry', 'dismiss'],
      ['dismiss', 'retry'],
      ['dismiss', 'dismiss'],
      ['retry', 'retry'],
    ];
    const ROUNDS = 8;
    const races = Array.from({ length: ROUNDS }, (_, round) => RACES.map((actions) => ({ actions, round }))).flat();
    const jobIds = (await Promise.all(races.map(() => failedDepositEmail()))).map(({ jobId }) => jobId);
    // No worker while they race: an email queued again stays waiting, the state its retry put it in.
    await worker.close();

    const gone = `404 failed_email_not_found ${NotificationMessages.failedEmailNotFound}`;
    const noLongerFailed = `409 failed_email_no_longer_failed ${NotificationMessages.failedEmailNoLongerFailed}`;
    const act = async (action: Action, jobId: string, agent: Actor, delayMs: number): Promise<string> => {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const client = notification.client.as(agent);
      const call = action === 'retry' ? client.send(NotificationCommands.retryFailedEmail, { jobId }) : client.send(NotificationCommands.dismissFailedEmail, { jobId });
      try {
        await call;
        return 'done';
      } catch (error) {
        if (!(error instanceof ServiceCallError)) throw error;
        return `${error.body.statusCode} ${error.body.code} ${error.body.message}`;
      }
    };

    const problems: string[] = [];
    try {
      for (const [index, { actions, round }] of races.entries()) {
        const jobId = jobIds[index];
        const agents = [admin(), admin('super_admin')];
        // Same tick, or the second a few milliseconds later, so the two overlap at different points.
        const outcomes = await Promise.all(actions.map((action, which) => act(action, jobId, agents[which], which === 1 ? round % 4 : 0)));
        const winner = outcomes.indexOf('done');
        const job = await notification.emailQueue.getJob(jobId);
        const found = {
          outcomes,
          state: job ? await job.getState() : 'removed',
          audits: (await auditRecords(jobId)).map((record) => `${record.actionType} by ${(record.actor as { userId: string }).userId === agents[0].userId ? 0 : 1}`),
        };
        const expected =
          winner === -1
            ? null
            : {
                outcomes: outcomes.map((_, which) => (which === winner ? 'done' : actions[winner] === 'dismiss' ? gone : noLongerFailed)),
                state: actions[winner] === 'dismiss' ? 'removed' : 'waiting',
                audits: [`failed_email_${actions[winner] === 'dismiss' ? 'dismissed' : 'retried'} by ${winner}`],
              };
        if (JSON.stringify(found) !== JSON.stringify(expected)) problems.push(`${actions.join(' + ')} (round ${round}): ${JSON.stringify(found)}`);
      }
    } finally {
      for (const jobId of jobIds) await (await notification.emailQueue.getJob(jobId))?.remove();
      worker = await startEmailWorker({ env: notification.infrastructure.env });
    }
    expect(problems).toEqual([]);
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
    // The record describes the email as it failed, not the job its retry reset.
    expect(await auditRecords(jobId)).toEqual([
      expect.objectContaining({ actionType: 'failed_email_retried', actor: { userId: agent.userId }, targetType: 'email', targetId: jobId, metadata: expect.objectContaining({ attemptsMade: 5, failedReason: expect.any(String) }) }),
    ]);

    // The "your address was changed" notice is for the address it names: the old one.
    await notification.client.as(agent).send(NotificationCommands.retryFailedEmail, { jobId: noticeJobId });
    const notice = await mail.lastEmailTo(email);
    expect(notice.text).toContain(newEmail);
    expect((await mail.emailsTo(newEmail)).map((each) => each.subject)).toEqual([sent.subject]);
  });
});
