import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Actor, CardRequestEvent, DEFAULT_PREFERENCES, EventEnvelope, LEDGER_EVENTS_STREAM, LedgerEvents, NotificationCommands } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { eventEnvelope, EventPublisher, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { NotificationEnvironment } from '../notification-environment';
import { NotificationModule } from '../notification.module';
import { MailCatcher } from '../testing/mail-catcher';

jest.setTimeout(90_000);

const customer = (userId: string): Actor => ({ userId, userType: 'customer', adminRole: null, sessionId: randomUUID() });

describe('card request events become in-app notifications', () => {
  let infrastructure: TestInfrastructure;
  let mail: MailCatcher;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let events: EventPublisher;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('notification_cards');
    mail = await MailCatcher.start();
    service = await runService({
      service: 'notification',
      environment: NotificationEnvironment,
      module: (environment) => NotificationModule.register(environment),
      env: { ...infrastructure.env, SMTP_URL: mail.smtpUrl, EMAIL_WORKER_INLINE: 'true' },
    });
    client = await TestServiceClient.connect(infrastructure.nats.url);
    events = await EventPublisher.connect(infrastructure.nats.url);
  });

  afterAll(async () => {
    await events?.close();
    await client?.close();
    await stopService(service);
    await mail?.stop();
    await infrastructure?.stop();
  });

  async function deliverTwice(event: EventEnvelope): Promise<void> {
    await events.publish(LEDGER_EVENTS_STREAM, event);
    await events.waitUntilHandled(LEDGER_EVENTS_STREAM, 'notification', await events.publish(LEDGER_EVENTS_STREAM, event, `${event.id}-redelivered`));
  }

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

    const page = await client.as(customer(userId)).send(NotificationCommands.list, {});
    expect(page.total).toBe(5);
    const byTitle = new Map(page.items.map((item) => [item.title, item]));
    expect([...byTitle.keys()].sort()).toEqual(['Card delivered', 'Card request approved', 'Card request cancelled', 'Card request received', 'Card request rejected']);
    expect(byTitle.get('Card request received')).toMatchObject({ category: 'card', type: 'info', message: expect.stringContaining('within 24 hours') });
    expect(byTitle.get('Card delivered')).toMatchObject({ type: 'success', message: expect.stringContaining('TRK-998877') });
    expect(byTitle.get('Card request rejected')).toMatchObject({ type: 'error', message: expect.stringContaining('Reason: Incomplete profile') });
    // Nobody else is told.
    expect((await client.as(customer(randomUUID())).send(NotificationCommands.list, {})).total).toBe(0);
  });

  it('tells nobody who turned account activity off', async () => {
    const userId = randomUUID();
    await client.as(customer(userId)).send(NotificationCommands.applyPreferences, { notifications: { ...DEFAULT_PREFERENCES.notifications, accountActivity: false }, version: 1 });
    const requested: CardRequestEvent = { cardRequestId: randomUUID(), userId, cardType: 'virtual', status: 'pending', cardName: 'Quiet', rejectionReason: null, trackingNumber: null, occurredAt: new Date().toISOString() };
    await deliverTwice(eventEnvelope(LedgerEvents.cardRequested, requested));
    expect((await client.as(customer(userId)).send(NotificationCommands.list, {})).total).toBe(0);
  });
});
