import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { AccountClosureEvents, CardRequestEvent, DEFAULT_PREFERENCES, IDENTITY_EVENTS_STREAM, IdentityEvents, LEDGER_EVENTS_STREAM, LedgerEvents } from '@portal/contracts';
import { eventEnvelope } from '@portal/testing';
import { testEmailAddress, userRegistered } from '../testing/identity-events';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

jest.setTimeout(90_000);

describe('a deleted account: what notification keeps about the person is erased', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification_account_deletion');
  });

  afterAll(async () => {
    await notification?.stop();
  });

  /** A customer as notification comes to know one: address and name, choices and language, an in-app notification. */
  async function knownCustomer(language: 'en' | 'fr' = 'en') {
    const userId = randomUUID();
    const email = testEmailAddress('deleted');
    await notification.deliver(IDENTITY_EVENTS_STREAM, userRegistered({ userId, email, firstName: 'Ada' }));
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.preferencesChanged, { userId, notifications: DEFAULT_PREFERENCES.notifications, language, version: 1 }));
    const requested: CardRequestEvent = { cardRequestId: randomUUID(), userId, cardType: 'virtual', status: 'pending', cardName: 'Ada Lovelace', rejectionReason: null, trackingNumber: null, occurredAt: new Date().toISOString() };
    await notification.deliver(LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.cardRequested, requested));
    return { userId, email };
  }

  async function rowsAbout(userId: string) {
    const count = async (table: string) => (await notification.database.query(`SELECT count(*)::int AS n FROM notification.${table} WHERE user_id = $1`, [userId])).rows[0].n as number;
    return { notifications: await count('notifications'), recipients: await count('recipients'), notification_preferences: await count('notification_preferences') };
  }

  it('erases notifications, the address and name, and the choices of an account an administrator deleted, once however often the event comes', async () => {
    const deleted = await knownCustomer();
    const other = await knownCustomer();
    expect(await rowsAbout(deleted.userId)).toEqual({ notifications: 1, recipients: 1, notification_preferences: 1 });

    await notification.deliverTwice(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: randomUUID() }));

    expect(await rowsAbout(deleted.userId)).toEqual({ notifications: 0, recipients: 0, notification_preferences: 0 });
    // Nobody else's.
    expect(await rowsAbout(other.userId)).toEqual({ notifications: 1, recipients: 1, notification_preferences: 1 });
  });

  it('still sends the owner the account-deleted email, in their language, and then erases what it kept', async () => {
    const { userId, email } = await knownCustomer('fr');
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(AccountClosureEvents.accountClosed, { userId, email, firstName: 'Ada', closedAt: new Date().toISOString() }));
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId, deletedBy: userId }));

    const sent = await notification.mail.lastEmailTo(email);
    expect(sent.subject).toMatch(/a été supprimé/);
    expect(await rowsAbout(userId)).toEqual({ notifications: 0, recipients: 0, notification_preferences: 0 });
  });
});
