import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { deadLetterCommands, IDENTITY_EVENTS_STREAM, IdentityEvents, KYC_EVENTS_STREAM, KycEvents, UserRegisteredEvent } from '@portal/contracts';
import { eventEnvelope, EventPublisher, ServiceUnderTest, startServiceUnderTest, StreamRecorder } from '@portal/testing';
import { KycModule } from '../kyc.module';

jest.setTimeout(60_000);

// kyc consumes identity's events with the shared building blocks alone: outbox,
// durable consumer with dead-lettering, and the test helpers, no wiring of its own.
describe('KYC status, owned by the kyc service', () => {
  let harness: ServiceUnderTest;
  let identity: EventPublisher;
  let kycEvents: StreamRecorder;

  beforeAll(async () => {
    harness = await startServiceUnderTest({ label: 'kyc_status', service: 'kyc', module: (environment) => KycModule.register(environment) });
    identity = await EventPublisher.connect(harness.infrastructure.nats.url);
    kycEvents = await StreamRecorder.open(harness.client.connection, KYC_EVENTS_STREAM);
  });

  afterAll(async () => {
    await kycEvents?.close();
    await identity?.close();
    await harness?.stop();
  });

  const registered = (overrides: Partial<UserRegisteredEvent> = {}) =>
    eventEnvelope(IdentityEvents.userRegistered, { userId: randomUUID(), email: `kyc-${randomUUID().slice(0, 8)}@example.test`, firstName: 'Ada', lastName: 'Lovelace', userType: 'customer', ...overrides });
  const profileOf = async (userId: string) => (await harness.database.query('SELECT kyc_status, version FROM kyc.kyc_profiles WHERE user_id = $1', [userId])).rows;

  it('opens a pending profile for a new customer and announces it once, even when the event comes twice', async () => {
    const event = registered();
    await identity.publish(IDENTITY_EVENTS_STREAM, event);
    const replay = await identity.publish(IDENTITY_EVENTS_STREAM, event, `${event.id}-again`);
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'kyc', replay);

    expect(await profileOf(event.payload.userId)).toEqual([{ kyc_status: 'pending', version: 1 }]);
    const announced = await kycEvents.waitFor(KycEvents.statusChanged, (payload) => payload.userId === event.payload.userId);
    expect(announced.payload).toEqual({ userId: event.payload.userId, kycStatus: 'pending', version: 1, reason: null });
    // Caused by the registration: the request id travels from identity's event into kyc's.
    expect(announced.requestId).toBe(event.requestId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kycEvents.all(KycEvents.statusChanged, (payload) => payload.userId === event.payload.userId)).toHaveLength(1);
  });

  it('opens no profile for an administrator', async () => {
    const event = registered({ userType: 'admin' });
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'kyc', await identity.publish(IDENTITY_EVENTS_STREAM, event));
    expect(await profileOf(event.payload.userId)).toEqual([]);
  });

  it('dead-letters an event that breaks its contract, keeps going, and shows it to operators', async () => {
    const broken = registered({ userId: 'not-a-uuid' });
    const after = registered();
    await identity.publish(IDENTITY_EVENTS_STREAM, broken);
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'kyc', await identity.publish(IDENTITY_EVENTS_STREAM, after));

    expect(await profileOf(after.payload.userId)).toEqual([{ kyc_status: 'pending', version: 1 }]);
    const letters = await harness.client.send(deadLetterCommands('kyc').list, {});
    expect(letters.total).toBe(1);
    expect(letters.items[0]).toMatchObject({
      service: 'kyc',
      stream: 'IDENTITY_EVENTS',
      subject: IdentityEvents.userRegistered.subject,
      deliveries: 1,
      error: expect.stringContaining('userId'),
      event: { id: broken.id, payload: { userId: 'not-a-uuid' } },
    });
  });
});
