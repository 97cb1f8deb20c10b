import 'reflect-metadata';
import { IdentityCommands, KYC_EVENTS_STREAM, KycEvents, LEDGER_EVENTS_STREAM, LedgerEvents } from '@portal/contracts';
import { announceKycStatus, eventEnvelope, EventPublisher, setCustomerState } from '@portal/testing';
import { actorOf, confirmedCustomer, IdentityHarness, signedInAdmin, startIdentity } from '../testing/identity-harness';

describe('what identity takes from other services', () => {
  let harness: IdentityHarness;
  let publisher: EventPublisher;

  beforeAll(async () => {
    harness = await startIdentity('identity_event_intake');
    publisher = await EventPublisher.connect(harness.infrastructure.nats.url);
  });

  afterAll(async () => {
    await publisher?.close();
    await harness?.stop();
  });

  it('shows the KYC status the kyc service announced, and never an older one', async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    const announce = (kycStatus: 'pending' | 'verified' | 'rejected', version: number) =>
      publisher.publish(KYC_EVENTS_STREAM, eventEnvelope(KycEvents.statusChanged, { userId: session.user.id, kycStatus, version, reason: null }));

    await announce('pending', 1);
    await publisher.waitUntilHandled(KYC_EVENTS_STREAM, 'identity', await announce('verified', 2));
    expect(await customer.send(IdentityCommands.getCurrentUser, {})).toMatchObject({ kycStatus: 'verified' });

    // A late redelivery of the first announcement changes nothing.
    await publisher.waitUntilHandled(KYC_EVENTS_STREAM, 'identity', await announce('pending', 1));
    expect(await customer.send(IdentityCommands.getCurrentUser, {})).toMatchObject({ kycStatus: 'verified' });
  });

  it('takes a customer put straight into a state by the test helpers', async () => {
    const { session } = await confirmedCustomer(harness);
    const customer = harness.client.as(actorOf(harness, session));
    await setCustomerState(harness.infrastructure.database.url, session.user.id, { kycStatus: 'rejected', userStatus: 'suspended' });
    expect(await customer.send(IdentityCommands.getCurrentUser, {})).toMatchObject({ kycStatus: 'rejected', userStatus: 'suspended' });
    await publisher.waitUntilHandled(KYC_EVENTS_STREAM, 'identity', await announceKycStatus(publisher, session.user.id, 'verified'));
    expect(await customer.send(IdentityCommands.getCurrentUser, {})).toMatchObject({ kycStatus: 'verified' });
  });

  it('writes another service\'s admin action to the one audit trail, once', async () => {
    const { actor } = await signedInAdmin(harness);
    const event = eventEnvelope(LedgerEvents.auditRecorded, {
      category: 'admin_action',
      actionType: 'deposit_approved',
      actor: { userId: actor.userId, email: 'grace@example.test' },
      targetType: 'transaction',
      targetId: 'DEP-1001',
      description: 'Deposit DEP-1001 approved',
      metadata: { amount: '1500.00', currency: 'USD' },
      clientIp: '192.0.2.7',
    });
    await publisher.publish(LEDGER_EVENTS_STREAM, event);
    await publisher.waitUntilHandled(LEDGER_EVENTS_STREAM, 'identity', await publisher.publish(LEDGER_EVENTS_STREAM, event, `${event.id}-again`));

    const page = await harness.client.as(actor).send(IdentityCommands.listAuditLogs, { category: 'admin_action', limit: 100 });
    const entries = page.items.filter((entry) => entry.id === event.id);
    expect(entries).toEqual([
      {
        id: event.id,
        category: 'admin_action',
        actionType: 'deposit_approved',
        actorUserId: actor.userId,
        actorEmail: 'grace@example.test',
        targetType: 'transaction',
        targetId: 'DEP-1001',
        description: 'Deposit DEP-1001 approved',
        metadata: { amount: '1500.00', currency: 'USD', service: 'ledger' },
        clientIp: '192.0.2.7',
        createdAt: event.occurredAt,
      },
    ]);
  });
});
