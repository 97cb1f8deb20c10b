import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { healthCommand, IDENTITY_EVENTS_STREAM } from '@portal/contracts';
import { pendingSchemaChanges, serviceDataSourceOptions } from '@portal/database';
import { ProcessedEvent } from '@portal/messaging';
import { EmailDelivery } from './email/email-delivery.entity';
import { EMAIL_DELIVERY_RETENTION_DAYS } from './email/email-delivery-retention';
import { NotificationRetention } from './retention/notification-retention';
import { Recipient } from './inbox/recipient.entity';
import { emailJobId } from './email/email-job';
import { notificationMigrations } from './migrations';
import { NOTIFICATION_SCHEMA, notificationEntities } from './notification.module';
import { emailChangeRequested, emailConfirmationRequested, passwordChanged, passwordResetRequested, userConfirmed, userRegistered } from './testing/identity-events';
import { NotificationUnderTest, startNotificationUnderTest } from './testing/notification-under-test';

jest.setTimeout(60_000);

describe('notification service', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification');
  });

  afterAll(async () => {
    await notification?.stop();
  });

  const deliveriesFor = (eventId: string) => notification.dataSource.getRepository(EmailDelivery).findBy({ eventId });

  it('reports postgres, redis and its loaded platform settings in its health, and not the mail server', async () => {
    const health = await notification.client.send(healthCommand('notification'), {});
    expect(health).toMatchObject({ service: 'notification', status: 'up' });
    expect(health.dependencies).toEqual([
      { name: 'postgres', status: 'up' },
      { name: 'redis', status: 'up' },
      { name: 'platform settings', status: 'up' },
    ]);
  });

  it('sends one confirmation email per event, even when the event is replayed', async () => {
    const event = emailConfirmationRequested({ firstName: 'Ada <b>' });
    const { email: address, confirmationUrl } = event.payload;

    await notification.events.publish(IDENTITY_EVENTS_STREAM, event);
    const email = await notification.mail.lastEmailTo(address);
    expect(email.subject).toBe('Confirm your email address');
    expect(email.from).toEqual([{ address: 'no-reply@portal.local', name: 'Investment Portal' }]);
    expect(email.text).toContain(confirmationUrl);
    expect(email.text).toContain('valid for 24 hours');
    expect(email.html).toContain(`href="${confirmationUrl}"`);
    expect(email.html).toContain('Hello Ada &lt;b&gt;,');

    // The same event again under another message id gets past JetStream's de-duplication;
    // the processed-event record stops it.
    await notification.deliver(IDENTITY_EVENTS_STREAM, event, `${event.id}-replayed`);
    await notification.emailQueueSettled();

    expect(await notification.mail.emailsTo(address)).toHaveLength(1);
    const deliveries = await deliveriesFor(event.id);
    expect(deliveries).toEqual([
      expect.objectContaining({ eventId: event.id, template: 'confirm-email', recipient: address, subject: 'Confirm your email address' }),
    ]);
    expect(deliveries[0].messageId).toBe(`<${email.messageId}>`);
  });

  it('does not send twice when a replayed event finds its processed record gone', async () => {
    const event = emailConfirmationRequested();
    await notification.events.publish(IDENTITY_EVENTS_STREAM, event);
    await notification.mail.lastEmailTo(event.payload.email);

    // Lost processed record: only the kept job (same job id) can stop a second email now.
    await notification.dataSource.getRepository(ProcessedEvent).delete({ eventId: event.id });
    await notification.deliver(IDENTITY_EVENTS_STREAM, event, `${event.id}-after-loss`);
    await notification.emailQueueSettled();

    expect(await notification.dataSource.getRepository(ProcessedEvent).existsBy({ eventId: event.id })).toBe(true);
    expect(await notification.mail.emailsTo(event.payload.email)).toHaveLength(1);
    expect(await deliveriesFor(event.id)).toHaveLength(1);
    const job = await notification.emailQueue.getJob(emailJobId(event.id, 'confirm-email'));
    expect(await job?.getState()).toBe('completed');
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential' }, removeOnComplete: { age: 604800 }, removeOnFail: { age: 2592000 } });
  });

  it('sends the reset, password-changed and welcome emails, and none for a registration', async () => {
    const reset = passwordResetRequested();
    const changed = passwordChanged({ via: 'reset' });
    const welcome = userConfirmed();
    const registered = userRegistered();
    for (const event of [registered, reset, changed, welcome]) await notification.events.publish(IDENTITY_EVENTS_STREAM, event);

    const resetEmail = await notification.mail.lastEmailTo(reset.payload.email);
    expect(resetEmail.subject).toBe('Reset your password');
    expect(resetEmail.text).toContain(reset.payload.resetUrl);
    expect(resetEmail.html).toContain(`href="${reset.payload.resetUrl}"`);
    expect(resetEmail.text).toContain('valid for 1 hour');
    expect(resetEmail.text).toContain('If you did not ask to reset your password, you can ignore this email');

    const changedEmail = await notification.mail.lastEmailTo(changed.payload.email);
    expect(changedEmail.subject).toBe('Your password was changed');
    expect(changedEmail.text).toContain('was reset with a password reset link');
    expect(changedEmail.text).toContain('http://localhost:3000/auth/reset-password');

    const welcomeEmail = await notification.mail.lastEmailTo(welcome.payload.email);
    expect(welcomeEmail.subject).toBe('Welcome to Investment Portal');
    expect(welcomeEmail.text).toContain('http://localhost:3000/auth/login');

    // A registration sends no email; its address is kept for later emails (ledger, support...).
    await notification.deliver(IDENTITY_EVENTS_STREAM, userRegistered());
    await notification.emailQueueSettled();
    expect(await notification.mail.emailsTo(registered.payload.email)).toHaveLength(0);
    expect(await notification.dataSource.getRepository(Recipient).findOneBy({ userId: registered.payload.userId })).toMatchObject({ email: registered.payload.email });
  });

  it('sends the link for a change of email to the new address only, and tells the address still in use', async () => {
    const requested = emailChangeRequested();
    const { newEmail, currentEmail, confirmationUrl } = requested.payload;
    await notification.events.publish(IDENTITY_EVENTS_STREAM, requested);

    const link = await notification.mail.lastEmailTo(newEmail);
    expect(link.subject).toBe('Confirm your new email address');
    expect(link.text).toContain(confirmationUrl);

    const notice = await notification.mail.lastEmailTo(currentEmail as string);
    expect(notice.subject).toBe('A change of your email address was requested');
    expect(notice.text).toContain(`to ${newEmail}`);
    expect(notice.text).toContain('reset your password now');
    expect(notice.text).toContain('http://localhost:3000/auth/reset-password');
    expect(notice.text).not.toContain(confirmationUrl);

    // An event from before identity named the current address: the link alone, as before.
    const older = emailChangeRequested({ currentEmail: undefined });
    await notification.deliver(IDENTITY_EVENTS_STREAM, older);
    expect((await notification.mail.lastEmailTo(older.payload.newEmail)).subject).toBe('Confirm your new email address');
  });

  it('forgets a sent email (its address and subject) after the retention period, keeping recent ones', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const repository = notification.dataSource.getRepository(EmailDelivery);
    const delivery = (sentAt: Date) => ({ id: randomUUID(), eventId: randomUUID(), template: 'confirm-email' as const, recipient: `${randomUUID()}@example.test`, subject: 'Confirm your email address', messageId: `<${randomUUID()}@portal.local>`, sentAt });
    const old = delivery(daysAgo(EMAIL_DELIVERY_RETENTION_DAYS + 1));
    const recent = delivery(daysAgo(EMAIL_DELIVERY_RETENTION_DAYS - 1));
    await repository.insert([old, recent]);

    // The running service carries the hourly purge.
    const deleted = (await notification.service.get(NotificationRetention).purge(now))['email deliveries'];
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await repository.existsBy({ id: old.id })).toBe(false);
    expect(await repository.existsBy({ id: recent.id })).toBe(true);
  });

  it('has a migration for every entity change', async () => {
    const checker = await new DataSource(
      serviceDataSourceOptions({ schema: NOTIFICATION_SCHEMA, url: notification.infrastructure.database.url, entities: notificationEntities, migrations: notificationMigrations }),
    ).initialize();
    try {
      expect(await pendingSchemaChanges(checker)).toEqual([]);
    } finally {
      await checker.destroy();
    }
  });
});
