import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import {
  Actor,
  DEFAULT_PREFERENCES,
  EventEnvelope,
  IDENTITY_EVENTS_STREAM,
  IdentityEvents,
  InvestmentLifecycleEvent,
  Language,
  LEDGER_EVENTS_STREAM,
  LedgerEvents,
  NotificationCommands,
  notificationGroupOf,
  NotificationPreferences,
} from '@portal/contracts';
import { ProcessedEvent } from '@portal/messaging';
import { eventEnvelope } from '@portal/testing';
import { EmailDelivery } from '../email/email-delivery.entity';
import { emailJobId } from '../email/email-job';
import { investmentLifecycleEvent, transactionEvent } from '../testing/ledger-events';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

jest.setTimeout(90_000);

const customer = (userId: string): Actor => ({ userId, userType: 'customer', adminRole: null, sessionId: randomUUID() });

describe('an investment’s life on the ledger becomes in-app notifications and emails', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification_investments');
  });

  afterAll(async () => {
    await notification?.stop();
  });

  /** A customer identity told us about (their address and first name), optionally with their choices. */
  async function registeredCustomer(options: { language?: Language; notifications?: Partial<NotificationPreferences> } = {}): Promise<{ userId: string; address: string }> {
    const userId = randomUUID();
    const address = `investor-${randomUUID().slice(0, 8)}@example.test`;
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userRegistered, { userId, email: address, firstName: 'Grace', lastName: 'Hopper', userType: 'customer' }));
    if (options.language || options.notifications) {
      const notifications = { ...DEFAULT_PREFERENCES.notifications, ...options.notifications };
      await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.preferencesChanged, { userId, notifications, language: options.language, version: 1 }));
    }
    return { userId, address };
  }

  const matured = (userId: string, overrides: Partial<InvestmentLifecycleEvent> = {}) => eventEnvelope(LedgerEvents.investmentMatured, investmentLifecycleEvent(userId, overrides));
  const activated = (userId: string, overrides: Partial<InvestmentLifecycleEvent> = {}) =>
    eventEnvelope(LedgerEvents.investmentActivated, investmentLifecycleEvent(userId, { status: 'active', returnAmount: '750.00', paidOut: '0.00', ...overrides }));
  const cancelled = (userId: string, overrides: Partial<InvestmentLifecycleEvent> = {}) =>
    eventEnvelope(LedgerEvents.investmentCancelled, investmentLifecycleEvent(userId, { status: 'cancelled', startDate: null, maturityDate: null, returnAmount: '0.00', feeAmount: '0.00', paidOut: '0.00', ...overrides }));

  const deliverTwice = (event: EventEnvelope) => notification.deliverTwice(LEDGER_EVENTS_STREAM, event);
  const notificationsOf = async (userId: string) => (await notification.client.as(customer(userId)).send(NotificationCommands.list, {})).items;
  const deliveriesFor = (eventId: string) => notification.dataSource.getRepository(EmailDelivery).findBy({ eventId });

  /** Every email to the address once the queue is quiet, with time for one that should not have been sent to arrive anyway. */
  async function settledEmailsTo(address: string) {
    await notification.emailQueueSettled();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return notification.mail.emailsTo(address);
  }

  it('tells the customer their investment matured, with the principal, return, fee and payout, once however often the event comes', async () => {
    const { userId, address } = await registeredCustomer();
    const event = matured(userId);
    await deliverTwice(event);

    const [only, ...others] = await notificationsOf(userId);
    expect(others).toEqual([]);
    expect(only).toMatchObject({
      title: 'Investment matured',
      type: 'success',
      category: 'transaction',
      message: 'Your personal investment of 10,000.00 USD has matured with a return of 750.00 USD and a fee of 125.00 USD. 10,625.00 USD has been paid to your available balance.',
    });

    const email = await notification.mail.lastEmailTo(address);
    expect(email.subject).toBe('Your investment has matured');
    for (const line of ['Principal: 10,000.00 USD', 'Return: 750.00 USD', 'Platform fee: 125.00 USD', 'Paid to your available balance: 10,625.00 USD']) {
      expect(email.text).toContain(line);
      expect(email.html).toContain(line);
    }
    expect(email.text).toContain('matured on 29 May 2027');
    expect(email.html).toContain('Hello Grace,');
    expect(email.html).toContain('href="http://localhost:3000/app/investments"');

    expect(await settledEmailsTo(address)).toHaveLength(1);
    expect(await deliveriesFor(event.id)).toEqual([expect.objectContaining({ template: 'investment-matured', recipient: address, subject: 'Your investment has matured' })]);

    // Replayed after its processed record was lost: the notification (unique per event and
    // user) and the email job (its id derived from the event) still stop a second one.
    await notification.dataSource.getRepository(ProcessedEvent).delete({ eventId: event.id });
    await notification.deliver(LEDGER_EVENTS_STREAM, event, `${event.id}-replayed`);
    expect(await notificationsOf(userId)).toHaveLength(1);
    expect(await settledEmailsTo(address)).toHaveLength(1);
    expect(await deliveriesFor(event.id)).toHaveLength(1);
    expect(await (await notification.emailQueue.getJob(emailJobId(event.id, 'investment-matured')))?.getState()).toBe('completed');
  });

  it('tells the customer their investment is fully funded and active, with its start and maturity dates, once', async () => {
    const { userId, address } = await registeredCustomer();
    const event = activated(userId, { investmentType: 'corporate', amount: '25000.00', currency: 'EUR' });
    await deliverTwice(event);

    expect(await notificationsOf(userId)).toEqual([
      expect.objectContaining({
        title: 'Investment active',
        type: 'success',
        category: 'transaction',
        message: 'Your corporate investment of 25,000.00 EUR is fully funded and now active. It earns returns from 29 November 2026 and matures on 29 May 2027.',
      }),
    ]);

    const email = await notification.mail.lastEmailTo(address);
    expect(email.subject).toBe('Your investment is active');
    expect(email.text).toContain('Your corporate investment of 25,000.00 EUR is fully funded and now active.');
    expect(email.text).toContain('It earns returns from 29 November 2026 and matures on 29 May 2027 (6 months).');
    expect(email.html).toContain('25,000.00 EUR');
    expect(await settledEmailsTo(address)).toHaveLength(1);
    expect(await deliveriesFor(event.id)).toEqual([expect.objectContaining({ template: 'investment-activated' })]);
  });

  it('tells the customer their investment was cancelled, and what came back to the balance when part of it had been paid, once each', async () => {
    const partly = await registeredCustomer();
    const partlyFunded = cancelled(partly.userId, { paidOut: '4000.00' });
    await deliverTwice(partlyFunded);
    expect(await notificationsOf(partly.userId)).toEqual([
      expect.objectContaining({
        title: 'Investment cancelled',
        type: 'warning',
        category: 'transaction',
        message: 'Your personal investment of 10,000.00 USD has been cancelled. 4,000.00 USD has been returned to your available balance.',
      }),
    ]);
    const returnedEmail = await notification.mail.lastEmailTo(partly.address);
    expect(returnedEmail.subject).toBe('Your investment was cancelled');
    expect(returnedEmail.text).toContain('Your personal investment of 10,000.00 USD has been cancelled.');
    expect(returnedEmail.text).toContain('The amount you had paid into it, 4,000.00 USD, has been returned to your available balance.');
    expect(returnedEmail.html).toContain('4,000.00 USD');
    expect(await settledEmailsTo(partly.address)).toHaveLength(1);

    const unfunded = await registeredCustomer();
    await deliverTwice(cancelled(unfunded.userId, { investmentType: 'gipp' }));
    expect((await notificationsOf(unfunded.userId)).map((item) => item.message)).toEqual(['Your GIPP investment of 10,000.00 USD has been cancelled.']);
    const nothingReturned = await notification.mail.lastEmailTo(unfunded.address);
    expect(nothingReturned.subject).toBe('Your investment was cancelled');
    expect(nothingReturned.text).not.toContain('returned');
    expect(await settledEmailsTo(unfunded.address)).toHaveLength(1);
  });

  it('writes to a German customer in German, with German dates and amounts', async () => {
    const { userId, address } = await registeredCustomer({ language: 'de' });
    await deliverTwice(matured(userId, { currency: 'EUR' }));

    expect(await notificationsOf(userId)).toEqual([
      expect.objectContaining({
        title: 'Anlage fällig geworden',
        message: 'Ihre private Anlage über 10.000,00 EUR ist mit einem Ertrag von 750,00 EUR und einer Gebühr von 125,00 EUR fällig geworden. 10.625,00 EUR wurden Ihrem verfügbaren Guthaben gutgeschrieben.',
      }),
    ]);
    const email = await notification.mail.lastEmailTo(address);
    expect(email.subject).toBe('Ihre Anlage ist fällig geworden');
    expect(email.text).toContain('Ihre private Anlage ist am 29. Mai 2027 fällig geworden');
    for (const line of ['Kapital: 10.000,00 EUR', 'Ertrag: 750,00 EUR', 'Plattformgebühr: 125,00 EUR', 'Ihrem verfügbaren Guthaben gutgeschrieben: 10.625,00 EUR']) expect(email.text).toContain(line);
  });

  it('tells nobody who turned investment updates off, in the bell or by email, while account activity still reaches them', async () => {
    // Which toggle governs a subject is decided in libs/contracts (preference-groups.ts).
    for (const event of [LedgerEvents.investmentActivated, LedgerEvents.investmentMatured, LedgerEvents.investmentCancelled]) {
      expect({ subject: event.subject, group: notificationGroupOf(event.subject) }).toEqual({ subject: event.subject, group: 'investmentUpdates' });
    }
    const { userId, address } = await registeredCustomer({ notifications: { investmentUpdates: false } });
    await deliverTwice(activated(userId));
    await deliverTwice(matured(userId));
    await deliverTwice(cancelled(userId, { paidOut: '4000.00' }));
    await deliverTwice(eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(userId)));

    expect((await notificationsOf(userId)).map((item) => item.title)).toEqual(['Deposit completed']);
    await notification.mail.lastEmailTo(address);
    expect((await settledEmailsTo(address)).map((email) => email.subject)).toEqual(['Your deposit has been credited']);
  });
});
