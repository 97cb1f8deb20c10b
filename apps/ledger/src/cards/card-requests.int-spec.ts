import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { ServiceEnvironment } from '@portal/config';
import { Actor, CARD_MESSAGES, CardCommands, CreateCardRequestPayload, IdentityCommands, LEDGER_EVENTS_STREAM, LedgerCommands, LedgerEvents, UserSummary } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { startTestInfrastructure, stopService, StreamRecorder, TestInfrastructure, TestServiceClient, refusalOf as failure, answerCommand, StandIn } from '@portal/testing';
import { LedgerModule } from '../ledger.module';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };
const moderator: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'moderator', sessionId: randomUUID() };

describe('investment card requests', () => {
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let ledgerEvents: StreamRecorder;
  let identityStandIn: StandIn[];
  const people = new Map<string, UserSummary>();

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('ledger_cards', {}, { platformSettings: 'answered-elsewhere' });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    const answer = (subject: string, reply: (payload: Record<string, unknown>) => unknown) => answerCommand(client.connection, subject, reply);
    identityStandIn = [
      answer(IdentityCommands.getAllSettings.subject, () => ({ items: [] })),
      answer(IdentityCommands.lookupUsers.subject, (payload) => ({ users: (payload.userIds as string[]).flatMap((id) => (people.has(id) ? [people.get(id)] : [])) })),
    ];
    service = await runService({ service: 'ledger', environment: ServiceEnvironment, module: (environment) => LedgerModule.register(environment), env: infrastructure.env });
    ledgerEvents = await StreamRecorder.open(client.connection, LEDGER_EVENTS_STREAM);
  });

  afterAll(async () => {
    await ledgerEvents?.close();
    identityStandIn?.forEach((subscription) => subscription.unsubscribe());
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const known = (actor: Actor, firstName: string) => {
    people.set(actor.userId, { id: actor.userId, email: `${firstName.toLowerCase()}@example.test`, firstName, lastName: 'Tester', userType: 'customer', adminRole: null, userStatus: 'active', kycStatus: 'verified' });
    return actor;
  };

  async function funded(amount = '250.00'): Promise<Actor> {
    const actor = known(customer(), 'Funded');
    const deposit = await client.as(actor).send(LedgerCommands.requestDeposit, { method: 'bank', amount, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' });
    await client.as(admin).send(LedgerCommands.decideTransaction, { id: deposit.id, decision: 'approve' });
    return actor;
  }

  const physical: CreateCardRequestPayload = { cardType: 'physical', cardName: 'Ada Lovelace', reason: 'Travel spending', deliveryAddress: '12 Analytical Row, London' };
  const virtual: CreateCardRequestPayload = { cardType: 'virtual', cardName: 'Ada Online', reason: 'Online purchases' };

  it('takes a physical card from pending through approved to delivered, with a timeline, an event per change and an audit record per decision', async () => {
    const owner = await funded();
    const created = await client.as(owner).send(CardCommands.createCardRequest, physical);
    expect(created).toMatchObject({ cardType: 'physical', status: 'pending', cardName: 'Ada Lovelace', deliveryAddress: '12 Analytical Row, London', trackingNumber: null, rejectionReason: null });
    const estimate = new Date(created.estimatedDelivery as string).getTime() - new Date(created.requestDate).getTime();
    expect(Math.round(estimate / 86_400_000)).toBe(7);
    expect(created.history.map((entry) => entry.status)).toEqual(['pending']);
    await ledgerEvents.waitFor(LedgerEvents.cardRequested, (payload) => payload.cardRequestId === created.id && payload.userId === owner.userId);

    expect(await failure(client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'delivered', trackingNumber: 'TRK-EARLY' }))).toMatchObject({
      statusCode: 409,
      message: 'Only approved card requests can be marked delivered. This request is pending.',
      code: 'card_delivery_not_approved',
      params: { status: 'pending' },
    });
    const approved = await client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'approved' });
    expect(approved.status).toBe('approved');
    await ledgerEvents.waitFor(LedgerEvents.cardApproved, (payload) => payload.cardRequestId === created.id);

    const missingTracking = await failure(client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'delivered' }));
    expect(missingTracking).toMatchObject({ statusCode: 400, message: CARD_MESSAGES.trackingNumberRequired });

    const delivered = await client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'delivered', trackingNumber: 'TRK-123456' });
    expect(delivered).toMatchObject({ status: 'delivered', trackingNumber: 'TRK-123456' });
    expect(delivered.history.map((entry) => [entry.status, entry.note])).toEqual([
      ['pending', null],
      ['approved', null],
      ['delivered', 'TRK-123456'],
    ]);
    await ledgerEvents.waitFor(LedgerEvents.cardDelivered, (payload) => payload.cardRequestId === created.id && payload.trackingNumber === 'TRK-123456');
    const audits = await ledgerEvents.waitForCount(LedgerEvents.auditRecorded, (payload) => payload.targetId === created.id, 2);
    expect(audits.map((audit) => audit.payload.actionType).sort()).toEqual(['card_request_approved', 'card_request_delivered']);
    expect(audits[0].payload).toMatchObject({ category: 'admin_action', targetType: 'card_request', actor: { userId: admin.userId } });

    const own = await client.as(owner).send(CardCommands.listOwnCardRequests, {});
    expect(own.items.map((item) => item.id)).toEqual([created.id]);
    expect(own.counts).toEqual({ physicalCards: 1, virtualCards: 0, pendingRequests: 0 });
    expect(own.total).toBe(1);

    const again = await failure(client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'approved' }));
    expect(again).toMatchObject({
      statusCode: 409,
      message: 'Only pending card requests can be approved. This request is delivered.',
      code: 'card_decision_not_pending',
      params: { decision: 'approved', status: 'delivered' },
    });
  });

  it('rejects only with a reason, keeps the reason, and refuses anything after it', async () => {
    const owner = await funded();
    const created = await client.as(owner).send(CardCommands.createCardRequest, virtual);
    expect(created).toMatchObject({ deliveryAddress: null, estimatedDelivery: null });
    expect(await failure(client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'rejected', reason: '   ' }))).toMatchObject({
      statusCode: 400,
      message: CARD_MESSAGES.rejectionReasonRequired,
    });
    expect(await failure(client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'delivered', trackingNumber: 'X1' }))).toMatchObject({
      statusCode: 409,
      message: CARD_MESSAGES.virtualNotDelivered,
    });
    const rejected = await client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'rejected', reason: 'Incomplete profile' });
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Incomplete profile' });
    expect(rejected.history.map((entry) => [entry.status, entry.note])).toEqual([
      ['pending', null],
      ['rejected', 'Incomplete profile'],
    ]);
    await ledgerEvents.waitFor(LedgerEvents.cardRejected, (payload) => payload.cardRequestId === created.id && payload.rejectionReason === 'Incomplete profile');
    expect(await failure(client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'approved' }))).toMatchObject({ statusCode: 409 });
    expect(await failure(client.as(owner).send(CardCommands.cancelCardRequest, { id: created.id }))).toMatchObject({
      statusCode: 409,
      message: `${CARD_MESSAGES.onlyPendingCancel} This request is rejected.`,
      code: 'not_pending',
      params: { status: 'rejected' },
    });
  });

  it('lets the owner cancel a pending request, once, and nobody else', async () => {
    const owner = await funded();
    const stranger = await funded();
    const created = await client.as(owner).send(CardCommands.createCardRequest, virtual);

    expect(await failure(client.as(stranger).send(CardCommands.cancelCardRequest, { id: created.id }))).toMatchObject({ statusCode: 404, message: CARD_MESSAGES.notFound });
    expect((await client.as(stranger).send(CardCommands.listOwnCardRequests, {})).items).toEqual([]);

    const cancelled = await client.as(owner).send(CardCommands.cancelCardRequest, { id: created.id });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.history.map((entry) => entry.status)).toEqual(['pending', 'cancelled']);
    await ledgerEvents.waitFor(LedgerEvents.cardCancelled, (payload) => payload.cardRequestId === created.id);
    expect(await failure(client.as(owner).send(CardCommands.cancelCardRequest, { id: created.id }))).toMatchObject({ statusCode: 409 });
    expect(await failure(client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'approved' }))).toMatchObject({ statusCode: 409 });
  });

  it('refuses a card while the available balance is 0, and refuses incomplete requests', async () => {
    const unfunded = known(customer(), 'Unfunded');
    expect(await failure(client.as(unfunded).send(CardCommands.createCardRequest, physical))).toMatchObject({ statusCode: 409, message: CARD_MESSAGES.noCredit, code: 'no_credit' });
    expect((await client.as(unfunded).send(CardCommands.listOwnCardRequests, {})).total).toBe(0);

    // Money on its way in (a pending deposit) is not available money.
    await client.as(unfunded).send(LedgerCommands.requestDeposit, { method: 'bank', amount: '100', currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' });
    expect(await failure(client.as(unfunded).send(CardCommands.createCardRequest, virtual))).toMatchObject({ statusCode: 409, message: CARD_MESSAGES.noCredit });

    const owner = await funded();
    expect(await failure(client.as(owner).send(CardCommands.createCardRequest, { ...physical, deliveryAddress: ' ' }))).toMatchObject({ statusCode: 400 });
    expect(await failure(client.as(owner).send(CardCommands.createCardRequest, { ...virtual, cardName: '' }))).toMatchObject({ statusCode: 400 });
    expect(await failure(client.as(owner).send(CardCommands.createCardRequest, { ...virtual, cardType: 'gold' as never }))).toMatchObject({ statusCode: 400 });
    // An admin does not order cards for themselves.
    expect(await failure(client.as(admin).send(CardCommands.createCardRequest, virtual))).toMatchObject({ statusCode: 403 });
  });

  it('lets only admins with the transactions permission see and decide every request, with client names', async () => {
    const owner = await funded();
    const created = await client.as(owner).send(CardCommands.createCardRequest, physical);

    expect(await failure(client.as(moderator).send(CardCommands.listCardRequests, {}))).toMatchObject({ statusCode: 403 });
    expect(await failure(client.as(moderator).send(CardCommands.decideCardRequest, { id: created.id, decision: 'approved' }))).toMatchObject({ statusCode: 403 });
    expect(await failure(client.as(owner).send(CardCommands.listCardRequests, {}))).toMatchObject({ statusCode: 403 });
    expect(await failure(client.as(owner).send(CardCommands.decideCardRequest, { id: created.id, decision: 'approved' }))).toMatchObject({ statusCode: 403 });
    expect(await failure(client.as(admin).send(CardCommands.decideCardRequest, { id: randomUUID(), decision: 'approved' }))).toMatchObject({ statusCode: 404 });

    const pending = await client.as(admin).send(CardCommands.listCardRequests, { status: 'pending', limit: 1 });
    expect(pending.items[0]).toMatchObject({ status: 'pending', client: { firstName: expect.any(String), lastName: 'Tester' } });
    expect(pending.total).toBeGreaterThanOrEqual(1);
    const mine = (await client.as(admin).send(CardCommands.listCardRequests, { status: 'pending', limit: 100 })).items.find((item) => item.id === created.id);
    expect(mine).toMatchObject({ userId: owner.userId, client: { id: owner.userId } });
    const all = await client.as(admin).send(CardCommands.listCardRequests, { limit: 2 });
    if (all.total > 2) {
      const next = await client.as(admin).send(CardCommands.listCardRequests, { limit: 2, cursor: all.nextCursor as string });
      expect(next.items.map((item) => item.id)).not.toContain(all.items[0].id);
    }
  });

  it('orders one card per Idempotency-Key, even when the repeats race, and refuses the key for another card', async () => {
    const owner = await funded();
    const key = `card-${randomUUID()}`;
    const orders = await Promise.all([1, 2, 3].map(() => client.as(owner).send(CardCommands.createCardRequest, { ...physical, idempotencyKey: key })));
    expect(new Set(orders.map((order) => order.id)).size).toBe(1);
    const repeat = await client.as(owner).send(CardCommands.createCardRequest, { ...physical, idempotencyKey: key });
    expect(repeat.id).toBe(orders[0].id);
    expect(await failure(client.as(owner).send(CardCommands.createCardRequest, { ...virtual, idempotencyKey: key }))).toMatchObject({ statusCode: 422 });
    expect((await client.as(owner).send(CardCommands.listOwnCardRequests, {})).total).toBe(1);
    // Another customer's use of the same key is theirs alone.
    const other = await funded();
    const theirs = await client.as(other).send(CardCommands.createCardRequest, { ...physical, idempotencyKey: key });
    expect(theirs.id).not.toBe(orders[0].id);
    expect(theirs.userId).toBe(other.userId);
  });

  it('lets only one of two racing decisions on the same request win', async () => {
    const owner = await funded();
    const created = await client.as(owner).send(CardCommands.createCardRequest, virtual);
    const outcomes = await Promise.allSettled([
      client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'approved' }),
      client.as(admin).send(CardCommands.decideCardRequest, { id: created.id, decision: 'rejected', reason: 'Duplicate' }),
      client.as(owner).send(CardCommands.cancelCardRequest, { id: created.id }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const [own] = (await client.as(owner).send(CardCommands.listOwnCardRequests, {})).items;
    expect(own.history).toHaveLength(2);
  });

  it('refuses a cursor naming an impossible time with 400, for the owner and for admins, and still pages by a real one', async () => {
    const owner = await funded();
    const first = await client.as(owner).send(CardCommands.createCardRequest, virtual);
    const second = await client.as(owner).send(CardCommands.createCardRequest, { ...virtual, cardName: 'Ada Second' });
    const crafted = (position: string) => Buffer.from(`${position}|3`).toString('base64url');
    // The shape of a cursor, but no such instant (or no such id): PostgreSQL would refuse them.
    for (const position of [`2024-02-30T10:00:00.000000Z|${randomUUID()}`, `2024-01-01T24:30:00.000000Z|${randomUUID()}`, `2024-01-01T10:00:00.000000Z|${'-'.repeat(36)}`]) {
      expect(await failure(client.as(owner).send(CardCommands.listOwnCardRequests, { cursor: crafted(position) }))).toMatchObject({ statusCode: 400, message: 'The cursor is not valid' });
      expect(await failure(client.as(admin).send(CardCommands.listCardRequests, { cursor: crafted(position) }))).toMatchObject({ statusCode: 400, message: 'The cursor is not valid' });
    }
    const page = await client.as(owner).send(CardCommands.listOwnCardRequests, { limit: 1 });
    expect(page.items.map((item) => item.id)).toEqual([second.id]);
    const next = await client.as(owner).send(CardCommands.listOwnCardRequests, { limit: 1, cursor: page.nextCursor as string });
    expect(next.items.map((item) => item.id)).toEqual([first.id]);
  });
});
