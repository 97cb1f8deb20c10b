import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Actor, CardRequestEvent, DEFAULT_PREFERENCES, EventEnvelope, LEDGER_EVENTS_STREAM, LedgerEvents, NotificationCommands } from '@portal/contracts';
import { eventEnvelope } from '@portal/testing';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

jest.setTimeout(90_000);

const customer = (userId: string): Actor => ({ userId, userType: 'customer', adminRole: null, sessionId: randomUUID() });

describe('card request events become in-app notifications', () => {
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    notification = await startNotificationUnderTest('notification_cards');
  });

  afterAll(async () => {
    await notification?.stop();
  });

  const deliverTwice = (event: EventEnvelope) => notification.deliverTwice(LEDGER_EVENTS_STREAM, event);

  it('makes exactly one notification per status change, with the reason or tracking number', async () => {
    const userId = randomUUID();
    const cardRequestId = randomUUID();
    const base = (overrides: Partial<CardRequestEvent>): CardRequestEvent => ({
      cardRequestId,
      userId,
      cardType: 'physical',
      status: 'pending',
      cardName: 'Ada Lovelace',
      rejectionReason: null,
      trackingNumber: null,
      occurredAt: new Date().toISOString(),
      ...overrides,
    });
    await deliverTwice(eventEnvelope(LedgerEvents.cardRequested, base({})));
    await deliverTwice(eventEnvelope(LedgerEvents.cardApproved, base({ status: 'approved' })));
    await deliverTwice(eventEnvelope(LedgerEvents.cardDelivered, base({ status: 'delivered', trackingNumber: 'TRK-998877' })));
    await deliverTwice(eventEnvelope(LedgerEvents.cardRejected, base({ cardRequestId: randomUUID(), cardType: 'virtual', status: 'rejected', rejectionReason: 'Incomplete profile' })));
    await deliverTwice(eventEnvelope(LedgerEvents.cardCancelled, base({ cardRequestId: randomUUID(), cardType: 'virtual', status: 'cancelled' })));

    const page = await notification.client.as(customer(userId)).send(NotificationCommands.list, {});
    expect(page.total).toBe(5);
    const byTitle = new Map(page.items.map((item) => [item.title, item]));
    expect([...byTitle.keys()].sort()).toEqual(['Card delivered', 'Card request approved', 'Card request cancelled', 'Card request received', 'Card request rejected']);
    expect(byTitle.get('Card request received')).toMatchObject({ category: 'card', type: 'info', message: expect.stringContaining('within 24 hours') });
    expect(byTitle.get('Card delivered')).toMatchObject({ type: 'success', message: expect.stringContaining('TRK-998877') });
    expect(byTitle.get('Card request rejected')).toMatchObject({ type: 'error', message: expect.stringContaining('Reason: Incomplete profile') });
    // Nobody else is told.
    expect((await notification.client.as(customer(randomUUID())).send(NotificationCommands.list, {})).total).toBe(0);
  });

  it('tells nobody who turned account activity off', async () => {
    const userId = randomUUID();
    await notification.client.as(customer(userId)).send(NotificationCommands.applyPreferences, { notifications: { ...DEFAULT_PREFERENCES.notifications, accountActivity: false }, version: 1 });
    const requested: CardRequestEvent = { cardRequestId: randomUUID(), userId, cardType: 'virtual', status: 'pending', cardName: 'Quiet', rejectionReason: null, trackingNumber: null, occurredAt: new Date().toISOString() };
    await deliverTwice(eventEnvelope(LedgerEvents.cardRequested, requested));
    expect((await notification.client.as(customer(userId)).send(NotificationCommands.list, {})).total).toBe(0);
  });
});
