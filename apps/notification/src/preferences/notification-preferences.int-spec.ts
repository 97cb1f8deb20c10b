import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import {
  Actor,
  APPLICATIONS_EVENTS_STREAM,
  CardRequestEvent,
  ApplicationsEvents,
  DEFAULT_PREFERENCES,
  EventEnvelope,
  IDENTITY_EVENTS_STREAM,
  IdentityEvents,
  KYC_EVENTS_STREAM,
  KycEvents,
  LEDGER_EVENTS_STREAM,
  LedgerEvents,
  NotificationCommands,
  NotificationPreferences,
  TransactionEvent,
} from '@portal/contracts';
import { eventEnvelope, refusalOf } from '@portal/testing';
import { transactionEvent } from '../testing/ledger-events';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

jest.setTimeout(90_000);

const customer = (userId: string): Actor => ({ userId, userType: 'customer', adminRole: null, sessionId: randomUUID() });

describe('notification preferences are obeyed', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification_preferences');
  });

  afterAll(async () => {
    await notification?.stop();
  });

  async function registeredCustomer(): Promise<{ userId: string; address: string }> {
    const userId = randomUUID();
    const address = `prefs-${randomUUID().slice(0, 8)}@example.test`;
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userRegistered, { userId, email: address, firstName: 'Ada', lastName: 'Lovelace', userType: 'customer' }));
    return { userId, address };
  }

  const preferencesChanged = (userId: string, version: number, notifications: Partial<NotificationPreferences>) =>
    eventEnvelope(IdentityEvents.preferencesChanged, { userId, version, notifications: { ...DEFAULT_PREFERENCES.notifications, ...notifications } });

  const approved = (userId: string) =>
    eventEnvelope(ApplicationsEvents.reviewed, { applicationId: randomUUID(), userId, applicationType: 'personal', status: 'approved', note: null, reviewedBy: randomUUID(), submittedAt: new Date().toISOString(), version: 2 });

  const depositCompleted = (userId: string): EventEnvelope<TransactionEvent> => eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(userId));

  const titles = async (userId: string) => (await notification.client.as(customer(userId)).send(NotificationCommands.list, {})).items.map((item) => item.title).sort();

  async function emailSubjects(address: string, atLeast: number): Promise<string[]> {
    const deadline = Date.now() + 15_000;
    while ((await notification.mail.emailsTo(address)).length < atLeast && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Time for anything that should not have been sent to arrive anyway.
    await new Promise((resolve) => setTimeout(resolve, 700));
    return (await notification.mail.emailsTo(address)).map((email) => email.subject).sort();
  }

  it('a customer who turned off investment updates gets no such email or notification, but still hears about account activity', async () => {
    const { userId, address } = await registeredCustomer();
    await notification.deliver(IDENTITY_EVENTS_STREAM, preferencesChanged(userId, 1, { investmentUpdates: false }));

    await notification.deliver(APPLICATIONS_EVENTS_STREAM, approved(userId));
    await notification.deliver(LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.securityDepositCreated, { securityDepositId: randomUUID(), userId, amount: '100.00', currency: 'USD', locked: true, lockReason: null, occurredAt: new Date().toISOString() }));
    await notification.deliver(LEDGER_EVENTS_STREAM, depositCompleted(userId));

    expect(await titles(userId)).toEqual(['Deposit completed']);
    expect(await emailSubjects(address, 1)).toEqual(['Your deposit has been credited']);
  });

  it('always sends legally required messages, whatever is switched off', async () => {
    const { userId } = await registeredCustomer();
    const everythingOff = Object.fromEntries(Object.keys(DEFAULT_PREFERENCES.notifications).map((topic) => [topic, false]));
    await notification.deliver(IDENTITY_EVENTS_STREAM, preferencesChanged(userId, 1, everythingOff));
    await notification.deliver(KYC_EVENTS_STREAM, eventEnvelope(KycEvents.documentReviewed, { documentId: randomUUID(), userId, documentType: 'id', decision: 'rejected', notes: 'Blurred photo' }));
    await notification.deliver(LEDGER_EVENTS_STREAM, depositCompleted(userId));
    expect(await titles(userId)).toEqual(['Document rejected']);
  });

  it('keeps the newest choice: a repeated or older preferences event changes nothing', async () => {
    const { userId, address } = await registeredCustomer();
    const off = preferencesChanged(userId, 1, { investmentUpdates: false });
    const on = preferencesChanged(userId, 2, { investmentUpdates: true });
    await notification.deliver(IDENTITY_EVENTS_STREAM, off);
    await notification.deliver(IDENTITY_EVENTS_STREAM, on);
    // The older event again (a redelivery past JetStream's de-duplication), and a stale copy with a new id.
    await notification.deliver(IDENTITY_EVENTS_STREAM, off, `${off.id}-redelivered`);
    await notification.deliver(IDENTITY_EVENTS_STREAM, preferencesChanged(userId, 1, { investmentUpdates: false }));

    const kept = await notification.dataSource.query(`SELECT version, topics ->> 'investmentUpdates' AS "investmentUpdates" FROM notification.notification_preferences WHERE user_id = $1`, [userId]);
    expect(kept).toEqual([{ version: 2, investmentUpdates: 'true' }]);

    const review = approved(userId);
    await notification.deliver(APPLICATIONS_EVENTS_STREAM, review);
    await notification.deliver(APPLICATIONS_EVENTS_STREAM, review, `${review.id}-redelivered`);
    expect(await titles(userId)).toEqual(['Application approved']);
    expect(await emailSubjects(address, 1)).toEqual(['Your investment application was approved']);
  });

  it('applies toggles handed over at save time at once, and the slower identity event with the same version changes nothing', async () => {
    const { userId, address } = await registeredCustomer();
    const off = { ...DEFAULT_PREFERENCES.notifications, investmentUpdates: false };
    expect(await notification.client.as(customer(userId)).send(NotificationCommands.applyPreferences, { notifications: off, version: 3 })).toEqual({ version: 3 });
    // An older save arriving late does not switch the updates back on ...
    await notification.deliver(IDENTITY_EVENTS_STREAM, preferencesChanged(userId, 2, { investmentUpdates: true }));
    await notification.deliver(APPLICATIONS_EVENTS_STREAM, approved(userId));
    // ... and identity's own event of the saved version changes nothing.
    await notification.deliver(IDENTITY_EVENTS_STREAM, preferencesChanged(userId, 3, { investmentUpdates: false }));
    await notification.deliver(LEDGER_EVENTS_STREAM, depositCompleted(userId));
    expect(await titles(userId)).toEqual(['Deposit completed']);
    expect(await emailSubjects(address, 1)).toEqual(['Your deposit has been credited']);
  });

  it('writes to a customer who chose German in German: the deposit-credited email', async () => {
    const { userId, address } = await registeredCustomer();
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.preferencesChanged, { userId, version: 1, notifications: DEFAULT_PREFERENCES.notifications, language: 'de' }));
    await notification.deliver(LEDGER_EVENTS_STREAM, depositCompleted(userId));

    expect(await emailSubjects(address, 1)).toEqual(['Ihre Einzahlung wurde gutgeschrieben']);
    const [email] = await notification.mail.emailsTo(address);
    expect(email.text).toContain('Hallo Ada,');
    expect(email.text).toContain('Ihre Einzahlung von 1.500,00 USD');
    expect(email.text).not.toContain('Your deposit');
  });

  it('writes a customer who chose German their in-app notifications in German: a completed deposit and a card request', async () => {
    const { userId } = await registeredCustomer();
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.preferencesChanged, { userId, version: 1, notifications: DEFAULT_PREFERENCES.notifications, language: 'de' }));
    const deposit = depositCompleted(userId);
    await notification.deliver(LEDGER_EVENTS_STREAM, deposit);
    const card: CardRequestEvent = { cardRequestId: randomUUID(), userId, cardType: 'physical', status: 'pending', cardName: 'Ada Lovelace', rejectionReason: null, trackingNumber: null, occurredAt: new Date().toISOString() };
    await notification.deliver(LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.cardRequested, card));

    const { items } = await notification.client.as(customer(userId)).send(NotificationCommands.list, {});
    expect(items.map(({ title, message }) => ({ title, message })).sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: 'Einzahlung abgeschlossen', message: `Ihre Einzahlung von 1.500,00 USD (${deposit.payload.reference}) wurde Ihrem Guthaben gutgeschrieben.` },
      { title: 'Kartenantrag eingegangen', message: 'Ihr Antrag auf eine physische Karte „Ada Lovelace“ ist eingegangen und wird innerhalb von 24 Stunden bearbeitet.' },
    ]);
  });

  it('keeps the newest language: the one handed over at save time wins over an older event, and an event without one keeps it', async () => {
    const { userId, address } = await registeredCustomer();
    const toggles = DEFAULT_PREFERENCES.notifications;
    await notification.client.as(customer(userId)).send(NotificationCommands.applyPreferences, { notifications: toggles, language: 'fr', version: 3 });
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.preferencesChanged, { userId, version: 2, notifications: toggles, language: 'de' }));
    // An event published before emails were translated carries no language.
    await notification.deliver(IDENTITY_EVENTS_STREAM, preferencesChanged(userId, 4, {}));

    const kept = await notification.dataSource.query(`SELECT version, language FROM notification.notification_preferences WHERE user_id = $1`, [userId]);
    expect(kept).toEqual([{ version: 4, language: 'fr' }]);
    await notification.deliver(LEDGER_EVENTS_STREAM, depositCompleted(userId));
    expect(await emailSubjects(address, 1)).toEqual(['Votre dépôt a été crédité']);
  });

  it('writes in English to a customer who has not chosen a language', async () => {
    const { userId, address } = await registeredCustomer();
    await notification.deliver(LEDGER_EVENTS_STREAM, depositCompleted(userId));
    expect(await emailSubjects(address, 1)).toEqual(['Your deposit has been credited']);
  });

  it('refuses a language the portal does not offer', async () => {
    const refusal = await refusalOf(notification.client.as(customer(randomUUID())).send(NotificationCommands.applyPreferences, { notifications: DEFAULT_PREFERENCES.notifications, language: 'pt' as never, version: 1 }));
    expect(refusal).toMatchObject({ statusCode: 400 });
  });

  it('takes toggles only for the signed-in caller', async () => {
    expect(await refusalOf(notification.client.send(NotificationCommands.applyPreferences, { notifications: DEFAULT_PREFERENCES.notifications, version: 1 }))).toMatchObject({ statusCode: 401 });
  });
});
