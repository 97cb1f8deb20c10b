import 'reflect-metadata';
import { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IDENTITY_EVENTS_STREAM, IdentityEvents, SUPPORT_EVENTS_STREAM, SupportEvents } from '@portal/contracts';
import { eventEnvelope } from '@portal/testing';
import { emailChangeRequested, testEmailAddress, userRegistered } from '../testing/identity-events';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';
import { EmailDelivery } from './email-delivery.entity';
import { emailJobId } from './email-job';
import { startEmailWorker } from './start-email-worker';

jest.setTimeout(60_000);

/**
 * An email queued for "the user's current address" follows an address change made while it
 * waits; an email tied to an address keeps it. No worker runs until the change is known,
 * so every job is still waiting, as it would be behind a backlog or between retries.
 */
describe('the address an email is sent to', () => {
  let notification: NotificationUnderTest;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification_current_address', { env: { EMAIL_WORKER_INLINE: 'false' } });
  });

  afterAll(async () => {
    await worker?.close();
    await notification?.stop();
  });

  it('sends an activity email to the address the user has when it goes, and security messages to the address they name', async () => {
    const userId = randomUUID();
    const oldEmail = testEmailAddress('old');
    const newEmail = testEmailAddress('new');
    await notification.deliver(IDENTITY_EVENTS_STREAM, userRegistered({ userId, email: oldEmail, firstName: 'Ada' }));
    const answered = eventEnvelope(SupportEvents.ticketUpdated, { ticketId: randomUUID(), userId, subject: 'My deposit', status: 'resolved', answeredBy: 'admin', occurredAt: new Date().toISOString() });
    await notification.deliver(SUPPORT_EVENTS_STREAM, answered);
    const ticketJob = await notification.emailQueue.getJob(emailJobId(answered.id, 'ticket-answered'));
    expect({ to: ticketJob?.data.to, currentAddressOf: ticketJob?.data.currentAddressOf, state: await ticketJob?.getState() }).toEqual({ to: oldEmail, currentAddressOf: userId, state: 'waiting' });

    // The change: its confirmation link went to the new address, its notice goes to the old one.
    const requested = emailChangeRequested({ userId, newEmail, currentEmail: oldEmail });
    await notification.deliver(IDENTITY_EVENTS_STREAM, requested);
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.emailChanged, { userId, email: newEmail, previousEmail: oldEmail, firstName: 'Ada' }));

    worker = await startEmailWorker({ env: notification.infrastructure.env });
    // The confirmation link goes to the new address too, in whatever order the worker takes them.
    const ticketAnswered = async () => (await notification.mail.emailsTo(newEmail)).find((email) => /support ticket has been answered/.test(email.subject));
    for (let attempt = 0; attempt < 150 && !(await ticketAnswered()); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await ticketAnswered())?.text).toContain('My deposit');
    const deliveries = await notification.dataSource.getRepository(EmailDelivery).findBy({ eventId: answered.id });
    expect(deliveries.map((delivery) => delivery.recipient)).toEqual([newEmail]);

    // Both addresses get exactly what is theirs.
    const waitFor = async (address: string, count: number) => {
      for (let attempt = 0; attempt < 100 && (await notification.mail.emailsTo(address)).length < count; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
      return (await notification.mail.emailsTo(address)).map((email) => email.text ?? '');
    };
    const toNew = await waitFor(newEmail, 2);
    expect(toNew).toHaveLength(2);
    expect(toNew.some((text) => text.includes(requested.payload.confirmationUrl))).toBe(true);
    const toOld = await waitFor(oldEmail, 2);
    // The request notice and the changed notice, and not the ticket answer.
    expect(toOld).toHaveLength(2);
    expect(toOld.some((text) => text.includes('My deposit'))).toBe(false);
  });
});
