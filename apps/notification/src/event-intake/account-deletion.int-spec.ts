import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import {
  AccountClosureEvents,
  Actor,
  APPLICATIONS_EVENTS_STREAM,
  ApplicationsEvents,
  CardRequestEvent,
  DEFAULT_PREFERENCES,
  EventEnvelope,
  IDENTITY_EVENTS_STREAM,
  IdentityEvents,
  KYC_EVENTS_STREAM,
  KycEvents,
  LEDGER_EVENTS_STREAM,
  LedgerEvents,
  NotificationCommands,
  StreamDefinition,
  SUPPORT_EVENTS_STREAM,
  SupportEvents,
} from '@portal/contracts';
import { ManualClock } from '@portal/config';
import { eventEnvelope } from '@portal/testing';
import { purgeOldErasedUsers } from '../erasure/erased-user-retention';
import { FakeIdentityDirectory } from '../testing/fake-identity';
import { passwordChanged, testEmailAddress, userRegistered } from '../testing/identity-events';
import { transactionEvent } from '../testing/ledger-events';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

jest.setTimeout(90_000);

/** The service's clock, far from the wall clock (as CLOCK_OFFSET_DAYS sets it): tombstones are dated and kept by it. */
const ERASED_AT = new Date('2031-03-10T09:00:00.000Z');

describe('a deleted account: what notification keeps about the person is erased', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification_account_deletion', { clock: new ManualClock(ERASED_AT) });
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

  /** The email jobs queued for anyone of these addresses (waiting, retrying, sent or failed). */
  async function jobsTo(...addresses: string[]) {
    const jobs = await notification.emailQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
    return jobs.filter((job) => job && addresses.includes(job.data.to)).map((job) => job.data.template);
  }

  /** Every kind of event that makes a notification, an email or a kept row for a user, as other services publish them. */
  function lateEventsAbout(userId: string, email: string): [StreamDefinition, EventEnvelope][] {
    const occurredAt = new Date().toISOString();
    const card: CardRequestEvent = { cardRequestId: randomUUID(), userId, cardType: 'physical', status: 'approved', cardName: 'Late card', rejectionReason: null, trackingNumber: null, occurredAt };
    return [
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(userId))],
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.withdrawalRequested, transactionEvent(userId, { type: 'withdrawal', status: 'pending', reference: 'WTH-LATE' }))],
      [LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.cardApproved, card)],
      [SUPPORT_EVENTS_STREAM, eventEnvelope(SupportEvents.ticketUpdated, { ticketId: randomUUID(), userId, subject: 'Late answer', status: 'resolved', answeredBy: 'admin', occurredAt })],
      [KYC_EVENTS_STREAM, eventEnvelope(KycEvents.statusChanged, { userId, kycStatus: 'verified', version: 9 })],
      [APPLICATIONS_EVENTS_STREAM, eventEnvelope(ApplicationsEvents.reviewed, { applicationId: randomUUID(), userId, applicationType: 'personal', status: 'approved', note: null, reviewedBy: randomUUID(), submittedAt: occurredAt, version: 2 })],
      [
        APPLICATIONS_EVENTS_STREAM,
        eventEnvelope(ApplicationsEvents.submitted, { applicationId: randomUUID(), userId, applicationType: 'gipp', fullName: 'Ada Lovelace', email, investmentAmount: '5000000.00', submittedAt: occurredAt }),
      ],
      // Identity's own, redelivered or still in flight: the address, the choices and a security email.
      [IDENTITY_EVENTS_STREAM, userRegistered({ userId, email, firstName: 'Ada' })],
      [IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.preferencesChanged, { userId, notifications: DEFAULT_PREFERENCES.notifications, language: 'fr', version: 7 })],
      [IDENTITY_EVENTS_STREAM, passwordChanged({ userId, email })],
    ];
  }

  it('makes no notification, address, choice or email for a deleted user from an event that comes after the deletion; others still get theirs', async () => {
    const deleted = await knownCustomer();
    const other = await knownCustomer();
    const deletion = eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: randomUUID() });
    await notification.deliver(IDENTITY_EVENTS_STREAM, deletion);
    expect(await rowsAbout(deleted.userId)).toEqual({ notifications: 0, recipients: 0, notification_preferences: 0 });
    // The tombstone: the id and when, nothing else.
    const tombstones = await notification.database.query('SELECT * FROM notification.erased_users WHERE user_id = $1', [deleted.userId]);
    expect(tombstones.rows).toEqual([{ user_id: deleted.userId, erased_at: ERASED_AT }]);

    for (const [stream, event] of lateEventsAbout(deleted.userId, deleted.email)) await notification.deliver(stream, event);
    for (const [stream, event] of lateEventsAbout(other.userId, other.email)) await notification.deliver(stream, event);

    expect(await rowsAbout(deleted.userId)).toEqual({ notifications: 0, recipients: 0, notification_preferences: 0 });
    expect(await jobsTo(deleted.email)).toEqual([]);
    // The same events for someone else: a notification each (card, deposit, ticket, KYC, application) and their emails.
    expect(await rowsAbout(other.userId)).toEqual({ notifications: 1 + 5, recipients: 1, notification_preferences: 1 });
    expect((await jobsTo(other.email)).sort()).toEqual(['application-decision', 'deposit-completed', 'gipp-submitted', 'kyc-decision', 'password-changed', 'ticket-answered', 'withdrawal-requested']);

    // The deletion again (a redelivery, a replay from the dead letters): harmless, and still nothing comes back.
    await notification.deliver(IDENTITY_EVENTS_STREAM, deletion, `${deletion.id}-redelivered`);
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: randomUUID() }));
    await notification.deliver(LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(deleted.userId)));
    expect(await rowsAbout(deleted.userId)).toEqual({ notifications: 0, recipients: 0, notification_preferences: 0 });
    expect((await notification.database.query('SELECT count(*)::int AS n FROM notification.erased_users WHERE user_id = $1', [deleted.userId])).rows[0].n).toBe(1);
    expect(await rowsAbout(other.userId)).toEqual({ notifications: 6, recipients: 1, notification_preferences: 1 });
  });

  it('leaves a deleted user out of a broadcast even when the audience identity gave still names them', async () => {
    const deleted = await knownCustomer();
    const other = await knownCustomer();
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: randomUUID() }));
    // An answer from before identity's deletion.
    const person = (id: string) => ({ id, email: `${id}@example.test`, firstName: 'Ada', lastName: 'L', userType: 'customer' as const, adminRole: null, userStatus: 'active' as const, kycStatus: 'pending' as const });
    const directory = await new FakeIdentityDirectory(notification.client.connection, [person(deleted.userId), person(other.userId)]).start();
    try {
      const agent: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'super_admin', sessionId: randomUUID() };
      const result = await notification.client.as(agent).send(NotificationCommands.broadcast, { title: 'Maintenance', message: 'Tonight', type: 'info', audience: { kind: 'all_customers' } });
      expect(result).toMatchObject({ recipientCount: 1, message: 'Notification broadcast to 1 users' });
      expect(await rowsAbout(deleted.userId)).toMatchObject({ notifications: 0 });
      expect(await rowsAbout(other.userId)).toMatchObject({ notifications: 2 });
    } finally {
      directory.stop();
    }
  });

  it('keeps a tombstone 60 days, then lets it go', async () => {
    const { userId } = await knownCustomer();
    await notification.deliver(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.userDeleted, { userId, deletedBy: randomUUID() }));
    const day = 86_400_000;
    const tombstone = async () => (await notification.database.query('SELECT count(*)::int AS n FROM notification.erased_users WHERE user_id = $1', [userId])).rows[0].n as number;
    await purgeOldErasedUsers(notification.dataSource, new Date(ERASED_AT.getTime() + 59 * day));
    expect(await tombstone()).toBe(1);
    await purgeOldErasedUsers(notification.dataSource, new Date(ERASED_AT.getTime() + 61 * day));
    expect(await tombstone()).toBe(0);
  });

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
