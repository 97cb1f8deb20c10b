import { randomUUID } from 'node:crypto';
import { AckPolicy, connect, DeliverPolicy, ErrorCode, JSONCodec, NatsConnection, NatsError } from 'nats';
import { EventEnvelope, LEDGER_EVENTS_STREAM, LedgerCommands, LedgerEvents, TransactionEvent } from '@portal/contracts';
import { natsAuthOptions } from '@portal/messaging';
import { SignedInAccount, TestStack } from '@portal/testing';
import { customerAndAdmin, useTestStack } from './journeys';

type Body = Record<string, unknown>;

const codec = JSONCodec();

/** The permissions error nats.js rejects with when the server refuses a subject to this login. */
function refusedOn(subject: string) {
  return expect.objectContaining({ code: ErrorCode.PermissionsViolation, message: expect.stringContaining(`Publish to "${subject}"`) });
}

async function failureOf(work: Promise<unknown>): Promise<NatsError> {
  try {
    await work;
  } catch (error) {
    return error as NatsError;
  }
  throw new Error('it was allowed');
}

// Issue 34, least privilege on NATS: the whole stack runs the generated configuration
// (one login per process, each with the permissions of the bus access registry) and a
// team outside the repository reads ledger events with the events-reader login.
describe('NATS logins with the least privilege', () => {
  let stack: TestStack;
  let customer: SignedInAccount;
  let admin: SignedInAccount;
  let reader: NatsConnection;

  const login = (user: 'events-reader' | 'support') => {
    if (!stack.natsLogins) throw new Error('the stack runs an open NATS: no logins');
    return connect({ servers: stack.env.NATS_URL as string, name: `e2e-${user}`, ...natsAuthOptions(stack.natsLogins[user]) });
  };

  const deposit = async (amount: number) => {
    const body = { method: 'bank', amount, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' };
    const created = await customer.api.post<Body>('/api/v1/deposits', body, { 'Idempotency-Key': randomUUID() });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };

  const transaction = async (id: string) => (await admin.api.get<{ items: Body[] }>('/api/v1/admin/transactions?type=deposit')).body.items.find((item) => item.id === id);

  useTestStack(
    'api-nats-access',
    async (started) => {
      stack = started;
      ({ customer, admin } = await customerAndAdmin(stack, { firstName: 'Grace', lastName: 'Hopper' }));
      reader = await login('events-reader');
    },
    { timeoutMs: 180_000, beforeStop: () => reader?.close().catch(() => undefined) },
  );

  it('lets the events reader receive a deposit approved by an admin through a durable consumer of its own', async () => {
    const depositId = await deposit(2500);
    expect((await admin.api.post(`/api/v1/admin/transactions/${depositId}/approve`)).status).toBe(200);

    const jsm = await reader.jetstreamManager();
    const durable = `treasury-${randomUUID().slice(0, 8)}`;
    await jsm.consumers.add(LEDGER_EVENTS_STREAM.name, { durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All });
    const consumer = await reader.jetstream().consumers.get(LEDGER_EVENTS_STREAM.name, durable);

    // The relay publishes a moment after the commit: read until both events of the deposit came.
    const seen: string[] = [];
    const deadline = Date.now() + 20_000;
    while (!seen.includes(LedgerEvents.depositCompleted.subject) && Date.now() < deadline) {
      const message = await consumer.next({ expires: 2_000 });
      if (!message) continue;
      const event = codec.decode(message.data) as EventEnvelope<TransactionEvent>;
      if (event.payload.transactionId === depositId) seen.push(event.subject);
      // Confirmed by the server, so the consumer's state below is settled.
      expect(await message.ackAck()).toBe(true);
    }
    expect(seen).toEqual([LedgerEvents.depositRequested.subject, LedgerEvents.depositCompleted.subject]);
    // Acknowledged on its own consumer: nothing of this deposit is waiting any more.
    expect((await jsm.consumers.info(LEDGER_EVENTS_STREAM.name, durable)).num_ack_pending).toBe(0);
  });

  it('refuses the events reader a ledger command, and the deposit stays as it was', async () => {
    const depositId = await deposit(700);
    const forged = { pattern: LedgerCommands.decideTransaction.subject, id: randomUUID(), data: { meta: { requestId: randomUUID(), actor: { userId: admin.user.id, userType: 'admin', adminRole: 'super_admin', sessionId: randomUUID() } }, payload: { id: depositId, decision: 'approve' } } };

    const refusal = await failureOf(reader.request(LedgerCommands.decideTransaction.subject, codec.encode(forged), { timeout: 5_000 }));
    expect(refusal).toEqual(refusedOn(LedgerCommands.decideTransaction.subject));

    expect(await transaction(depositId)).toMatchObject({ status: 'pending' });
    expect((await customer.api.get<Body>('/api/v1/balance')).body).toMatchObject({ available: '2500.00' });
  });

  it('refuses the events reader the deletion of a stream, which is still there with its events', async () => {
    const jsm = await reader.jetstreamManager();
    expect(await failureOf(jsm.streams.delete(LEDGER_EVENTS_STREAM.name))).toEqual(refusedOn(`$JS.API.STREAM.DELETE.${LEDGER_EVENTS_STREAM.name}`));
    expect(await failureOf(jsm.streams.purge(LEDGER_EVENTS_STREAM.name))).toEqual(refusedOn(`$JS.API.STREAM.PURGE.${LEDGER_EVENTS_STREAM.name}`));
    const info = await jsm.streams.info(LEDGER_EVENTS_STREAM.name);
    expect(info.state.messages).toBeGreaterThanOrEqual(3);
  });

  it("refuses the events reader a service's durable consumer and the publishing of an event", async () => {
    // Pulling the notification service's events away from it (the request a pull sends).
    const pull = `$JS.API.CONSUMER.MSG.NEXT.${LEDGER_EVENTS_STREAM.name}.notification`;
    expect(await failureOf(reader.request(pull, codec.encode({ batch: 1, no_wait: true }), { timeout: 5_000 }))).toEqual(refusedOn(pull));
    const takeOver = `$JS.API.CONSUMER.CREATE.${LEDGER_EVENTS_STREAM.name}.notification`;
    expect(await failureOf(reader.request(takeOver, codec.encode({ stream_name: LEDGER_EVENTS_STREAM.name, config: { durable_name: 'notification', ack_policy: 'none' } }), { timeout: 5_000 }))).toEqual(refusedOn(takeOver));
    expect(await failureOf(reader.jetstream().publish(LedgerEvents.depositCompleted.subject, codec.encode({ forged: true })))).toEqual(refusedOn(LedgerEvents.depositCompleted.subject));
  });

  it("refuses a service's login a ledger command it does not call", async () => {
    const support = await login('support');
    try {
      const depositId = await deposit(300);
      const forged = { pattern: LedgerCommands.decideTransaction.subject, id: randomUUID(), data: { meta: { requestId: randomUUID(), actor: null }, payload: { id: depositId, decision: 'approve' } } };
      expect(await failureOf(support.request(LedgerCommands.decideTransaction.subject, codec.encode(forged), { timeout: 5_000 }))).toEqual(refusedOn(LedgerCommands.decideTransaction.subject));
      expect(await transaction(depositId)).toMatchObject({ status: 'pending' });
    } finally {
      await support.close();
    }
  });

  it("lets a login read its own replies only: the events reader cannot listen to the gateway's, which carry customers' data", async () => {
    const refusals: string[] = [];
    const record = (error: NatsError | null) => {
      if (error) refusals.push(error.message);
    };
    const everyone = reader.subscribe('_INBOX.>', { callback: record });
    const gateway = reader.subscribe('_INBOX_gateway.>', { callback: record });
    const own = reader.subscribe('_INBOX_events-reader.e2e', { callback: record });
    await reader.flush();
    // The server answers a refused subscription asynchronously: wait for both refusals.
    const deadline = Date.now() + 5_000;
    while (refusals.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(refusals.sort()).toEqual([expect.stringContaining('Permissions Violation for Subscription to "_INBOX.>"'), expect.stringContaining('Permissions Violation for Subscription to "_INBOX_gateway.>"')]);
    expect(own.isClosed()).toBe(false);
    for (const subscription of [everyone, gateway, own]) subscription.unsubscribe();

    // The stack still answers through its own inboxes.
    expect((await customer.api.get('/api/v1/balance')).status).toBe(200);
  });
});
