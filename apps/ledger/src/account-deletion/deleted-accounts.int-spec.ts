import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ManualClock, ServiceEnvironment } from '@portal/config';
import { Actor, CardCommands, CardRequestView, CreateCardRequestPayload, IDENTITY_EVENTS_STREAM, IdentityCommands, IdentityEvents, LedgerCommands } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { answerCommand, eventEnvelope, EventPublisher, refusalOf as failure, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient, StandIn } from '@portal/testing';
import { LedgerModule } from '../ledger.module';
import { ACCOUNT_DELETED_NOTE } from './deleted-accounts.handlers';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };
/** The ledger's business clock, far from the wall clock (as CLOCK_OFFSET_DAYS sets it): card requests are dated by it. */
const clock = new ManualClock('2031-03-10T09:00:00.000Z');

describe('a deleted account’s card requests', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let identity: EventPublisher;
  let database: Client;
  let identityStandIn: StandIn;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('ledger_deleted_accounts');
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    // The deleted person is unknown to identity: admin lists show no client for them.
    identityStandIn = answerCommand(client.connection, IdentityCommands.lookupUsers.subject, () => ({ users: [] }));
    service = await runService({ service: 'ledger', environment: ServiceEnvironment, module: (environment) => LedgerModule.register(environment), env: infrastructure.env, clock });
    identity = await EventPublisher.connect(infrastructure.nats.url);
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await identity?.close();
    identityStandIn?.unsubscribe();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  /** Spec 02 §5: a card needs available money, so each customer first has an approved deposit. */
  async function funded(): Promise<Actor> {
    const actor = customer();
    const deposit = await client.as(actor).send(LedgerCommands.requestDeposit, { method: 'bank', amount: '250.00', currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' });
    await client.as(admin).send(LedgerCommands.decideTransaction, { id: deposit.id, decision: 'approve' });
    return actor;
  }

  const physical: CreateCardRequestPayload = { cardType: 'physical', cardName: 'Ada Lovelace', reason: 'Travel spending', deliveryAddress: '12 Analytical Row, London' };
  const virtual: CreateCardRequestPayload = { cardType: 'virtual', cardName: 'Ada Online', reason: 'Online purchases' };
  const decide = (id: string, decision: 'approved' | 'rejected' | 'delivered', extra: { reason?: string; trackingNumber?: string } = {}) =>
    client.as(admin).send(CardCommands.decideCardRequest, { id, decision, ...extra });

  /** Everything stored about a person's card requests, their timelines, and the stored replies of their card orders. */
  const cardRecordsOf = async (userId: string) => ({
    requests: (
      await database.query(
        `SELECT id, card_type, status, card_name, reason, delivery_address, estimated_delivery, tracking_number, rejection_reason, decided_by, created_at, updated_at
         FROM ledger.card_requests WHERE user_id = $1 ORDER BY created_at, id`,
        [userId],
      )
    ).rows,
    history: (
      await database.query(
        `SELECT h.id, h.card_request_id, h.status, h.note, h.actor_id, h.at FROM ledger.card_request_history h JOIN ledger.card_requests r ON r.id = h.card_request_id
         WHERE r.user_id = $1 ORDER BY h.id`,
        [userId],
      )
    ).rows,
    idempotencyKeys: (await database.query(`SELECT key, operation, response FROM ledger.idempotency_keys WHERE user_id = $1 ORDER BY key`, [userId])).rows,
  });
  /** The money kept by law: balances and customer transactions. */
  const moneyOf = async (userId: string) => ({
    accounts: (await database.query(`SELECT id, kind, currency, balance FROM ledger.accounts WHERE user_id = $1 ORDER BY id`, [userId])).rows,
    transactions: (await database.query(`SELECT * FROM ledger.transactions WHERE user_id = $1 ORDER BY id`, [userId])).rows,
  });
  /** Every event written for the person (card events name them by userId). */
  const eventsAbout = async (userId: string) =>
    (await database.query(`SELECT id, subject FROM ledger.outbox_events WHERE payload->>'userId' = $1 ORDER BY sequence`, [userId])).rows as { id: string; subject: string }[];

  it('cancels the open requests with a note, erases the personal text of all, keeps the admin’s record, announces nothing, and does it once; nobody else’s changes', async () => {
    const deleted = await funded();
    const other = await funded();

    const pendingPhysical = await client.as(deleted).send(CardCommands.createCardRequest, { ...physical, idempotencyKey: `card-${randomUUID()}` });
    const pendingVirtual = await client.as(deleted).send(CardCommands.createCardRequest, virtual);
    const approvedPhysical = await client.as(deleted).send(CardCommands.createCardRequest, physical);
    await decide(approvedPhysical.id, 'approved');
    const approvedVirtual = await client.as(deleted).send(CardCommands.createCardRequest, virtual);
    await decide(approvedVirtual.id, 'approved');
    const delivered = await client.as(deleted).send(CardCommands.createCardRequest, physical);
    await decide(delivered.id, 'approved');
    await decide(delivered.id, 'delivered', { trackingNumber: 'TRK-123456' });
    const rejected = await client.as(deleted).send(CardCommands.createCardRequest, virtual);
    await decide(rejected.id, 'rejected', { reason: 'Incomplete profile' });
    const withdrawn = await client.as(deleted).send(CardCommands.createCardRequest, virtual);
    await client.as(deleted).send(CardCommands.cancelCardRequest, { id: withdrawn.id });

    const othersPending = await client.as(other).send(CardCommands.createCardRequest, { ...physical, idempotencyKey: `card-${randomUUID()}` });
    const othersApproved = await client.as(other).send(CardCommands.createCardRequest, physical);
    await decide(othersApproved.id, 'approved');

    const before = await cardRecordsOf(deleted.userId);
    const othersBefore = await cardRecordsOf(other.userId);
    const moneyBefore = await moneyOf(deleted.userId);
    const eventsBefore = await eventsAbout(deleted.userId);
    expect(before.idempotencyKeys).toHaveLength(1);
    expect(othersBefore.idempotencyKeys).toHaveLength(1);

    // The account is deleted a day later by the ledger's clock.
    clock.advanceDays(1);
    const event = eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: deleted.userId });
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'ledger', await identity.publish(IDENTITY_EVENTS_STREAM, event));

    const after = await cardRecordsOf(deleted.userId);
    const byId = new Map(after.requests.map((row) => [row.id as string, row]));
    const timeline = (id: string) => after.history.filter((entry) => entry.card_request_id === id).map((entry) => [entry.status, entry.note]);
    const statusOf = (request: CardRequestView) => byId.get(request.id)?.status;

    // Still open: cancelled, with the reason in the timeline, by whoever deleted the account.
    expect([pendingPhysical, pendingVirtual, approvedPhysical].map(statusOf)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(timeline(pendingPhysical.id)).toEqual([
      ['pending', null],
      ['cancelled', ACCOUNT_DELETED_NOTE],
    ]);
    expect(timeline(pendingVirtual.id)).toEqual([
      ['pending', null],
      ['cancelled', ACCOUNT_DELETED_NOTE],
    ]);
    expect(timeline(approvedPhysical.id)).toEqual([
      ['pending', null],
      ['approved', null],
      ['cancelled', ACCOUNT_DELETED_NOTE],
    ]);
    expect(after.history.filter((entry) => entry.note === ACCOUNT_DELETED_NOTE).every((entry) => entry.actor_id === deleted.userId)).toBe(true);
    // Dated by the ledger's clock, like every other change of a card request.
    expect([pendingPhysical, pendingVirtual, approvedPhysical].map((request) => byId.get(request.id)?.updated_at)).toEqual([clock.now(), clock.now(), clock.now()]);
    expect(after.history.filter((entry) => entry.note === ACCOUNT_DELETED_NOTE).map((entry) => entry.at)).toEqual([clock.now(), clock.now(), clock.now()]);

    // Closed: the decision stands (an approved virtual card is one the admin issued; nothing is left to do on it).
    expect([approvedVirtual, delivered, rejected, withdrawn].map(statusOf)).toEqual(['approved', 'delivered', 'rejected', 'cancelled']);
    expect(byId.get(delivered.id)).toMatchObject({ tracking_number: 'TRK-123456' });
    expect(byId.get(rejected.id)).toMatchObject({ rejection_reason: 'Incomplete profile' });
    for (const closed of [approvedVirtual, delivered, rejected, withdrawn]) {
      expect(after.history.filter((entry) => entry.card_request_id === closed.id)).toEqual(before.history.filter((entry) => entry.card_request_id === closed.id));
      expect(byId.get(closed.id)?.updated_at).toEqual(before.requests.find((row) => row.id === closed.id)?.updated_at);
    }
    expect(timeline(delivered.id)).toEqual([
      ['pending', null],
      ['approved', null],
      ['delivered', 'TRK-123456'],
    ]);

    // The personal text is gone from every request (and from the stored replies of card orders); type, dates and decisions stay.
    expect(after.requests).toHaveLength(7);
    for (const row of after.requests) {
      expect(row).toMatchObject({ card_name: '', reason: '', delivery_address: row.card_type === 'physical' ? '' : null });
      const was = before.requests.find((old) => old.id === row.id);
      expect(row).toMatchObject({ card_type: was.card_type, created_at: was.created_at, estimated_delivery: was.estimated_delivery, decided_by: was.decided_by });
    }
    expect(JSON.stringify(after)).not.toMatch(/Ada|Analytical|Travel spending|Online purchases/);
    expect(after.idempotencyKeys).toEqual([]);

    // Money is kept by law; nothing is announced (notification would tell the person about each cancellation).
    expect(await moneyOf(deleted.userId)).toEqual(moneyBefore);
    expect(await eventsAbout(deleted.userId)).toEqual(eventsBefore);

    // Nobody else's requests, timelines or stored replies change.
    expect(await cardRecordsOf(other.userId)).toEqual(othersBefore);

    // An admin still sees that the requests existed and what became of them; deciding one now is a conflict, not an error.
    const list = await client.as(admin).send(CardCommands.listCardRequests, { limit: 100 });
    const seen = list.items.find((item) => item.id === approvedPhysical.id);
    expect(seen).toMatchObject({ userId: deleted.userId, client: null, cardType: 'physical', status: 'cancelled', cardName: '', reason: '', deliveryAddress: '' });
    expect(seen?.history.map((entry) => [entry.status, entry.note])).toEqual(timeline(approvedPhysical.id));
    expect(await failure(decide(pendingPhysical.id, 'approved'))).toMatchObject({
      statusCode: 409,
      message: 'Only pending card requests can be approved. This request is cancelled.',
      code: 'card_decision_not_pending',
    });
    expect(await failure(decide(pendingVirtual.id, 'rejected', { reason: 'Too late' }))).toMatchObject({ statusCode: 409, code: 'card_decision_not_pending' });
    expect(await failure(decide(approvedPhysical.id, 'delivered', { trackingNumber: 'TRK-LATE' }))).toMatchObject({
      statusCode: 409,
      message: 'Only approved card requests can be marked delivered. This request is cancelled.',
      code: 'card_delivery_not_approved',
    });
    const settled = await cardRecordsOf(deleted.userId);
    expect(settled).toEqual(after);

    // The same event delivered again (a replay JetStream does not de-duplicate), and identity announcing the deletion anew: nothing more changes.
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'ledger', await identity.publish(IDENTITY_EVENTS_STREAM, event, `${event.id}-again`));
    const anew = eventEnvelope(IdentityEvents.userDeleted, { userId: deleted.userId, deletedBy: randomUUID() });
    await identity.waitUntilHandled(IDENTITY_EVENTS_STREAM, 'ledger', await identity.publish(IDENTITY_EVENTS_STREAM, anew));
    expect(await cardRecordsOf(deleted.userId)).toEqual(after);
    expect(await eventsAbout(deleted.userId)).toEqual(eventsBefore);
    expect(await cardRecordsOf(other.userId)).toEqual(othersBefore);
    expect([othersPending, othersApproved].map((request) => othersBefore.requests.find((row) => row.id === request.id)?.status)).toEqual(['pending', 'approved']);
  });
});
