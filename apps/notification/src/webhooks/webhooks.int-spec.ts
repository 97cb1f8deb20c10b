import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { Actor, AdminRole, LEDGER_EVENTS_STREAM, LedgerEvents, NotificationEvents, WebhookCommands } from '@portal/contracts';
import { eventEnvelope, refusalOf as failure, WebhookReceiver } from '@portal/testing';
import { transactionEvent } from '../testing/ledger-events';
import { NotificationUnderTest, startNotificationUnderTest } from '../testing/notification-under-test';

jest.setTimeout(90_000);

const admin = (adminRole: AdminRole = 'super_admin'): Actor => ({ userId: randomUUID(), userType: 'admin', adminRole, sessionId: randomUUID() });
const DEPOSIT_COMPLETED = LedgerEvents.depositCompleted.subject;

/**
 * Webhooks as a receiving system sees them: a local server on 127.0.0.1 (allow-listed, as
 * an operator would an in-cluster receiver) gets signed deliveries of the events its
 * endpoint subscribed to, retried after a failure, and again when an admin replays one.
 */
describe('webhooks', () => {
  let notification: NotificationUnderTest;
  let receiver: WebhookReceiver;
  const agent = admin();

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    notification = await startNotificationUnderTest('notification_webhooks', { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_DELAY_MS: '20' } });
  });

  afterAll(async () => {
    await notification?.stop();
    await receiver?.stop();
  });

  async function register(path: string, events = [DEPOSIT_COMPLETED]) {
    return notification.client.as(agent).send(WebhookCommands.create, { url: receiver.url(path), events, description: `receiver ${path}` });
  }

  async function deliveriesWhen(endpointId: string, done: (items: { status: string }[]) => boolean, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = await notification.client.as(agent).send(WebhookCommands.deliveries, { endpointId });
      if (done(page.items)) return page;
      if (Date.now() > deadline) throw new Error(`deliveries of ${endpointId} did not settle: ${JSON.stringify(page.items)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function auditRecords(targetId: string) {
    const rows = await notification.database.query(`SELECT payload FROM notification.outbox_events WHERE subject = $1 AND payload->>'targetId' = $2 ORDER BY sequence`, [NotificationEvents.auditRecorded.subject, targetId]);
    return rows.rows.map((row: { payload: Record<string, unknown> }) => row.payload);
  }

  it('delivers a completed deposit signed with the endpoint secret, once even when the event comes twice, and lists it', async () => {
    const endpoint = await register('/signed');
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect((await notification.client.as(agent).send(WebhookCommands.list, {})).items).toContainEqual({ id: endpoint.id, url: endpoint.url, events: [DEPOSIT_COMPLETED], description: 'receiver /signed', createdAt: endpoint.createdAt });
    // The secret is never answered again, and is not stored in the clear.
    expect(JSON.stringify(await notification.client.as(agent).send(WebhookCommands.list, {}))).not.toContain(endpoint.secret);
    const stored = await notification.database.query(`SELECT secret FROM notification.webhook_endpoints WHERE id = $1`, [endpoint.id]);
    expect(stored.rows[0].secret).not.toContain(endpoint.secret.slice(6));

    const deposit = eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(randomUUID()));
    await notification.deliverTwice(LEDGER_EVENTS_STREAM, deposit);
    const [delivery] = await receiver.waitFor('/signed', 1);
    expect(delivery.headers['webhook-id']).toBe(deposit.id);
    const verified = new Webhook(endpoint.secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    });
    expect(verified).toEqual({ id: deposit.id, subject: DEPOSIT_COMPLETED, occurredAt: deposit.occurredAt, payload: deposit.payload });
    // Tampered, it does not verify.
    expect(() => new Webhook(endpoint.secret).verify(delivery.body.replace('1500.00', '9500.00'), delivery.headers as Record<string, string>)).toThrow();

    const page = await deliveriesWhen(endpoint.id, (items) => items[0]?.status === 'succeeded');
    expect(page).toMatchObject({ total: 1, nextCursor: null, items: [{ eventId: deposit.id, eventType: DEPOSIT_COMPLETED, status: 'succeeded', attempts: 1, lastResponseCode: 200, lastError: null }] });
    expect(receiver.at('/signed')).toHaveLength(1);
    expect(await auditRecords(endpoint.id)).toEqual([expect.objectContaining({ category: 'admin_action', actionType: 'webhook_endpoint_created', actor: { userId: agent.userId }, targetType: 'webhook_endpoint' })]);
  });

  it('retries after a 500 and succeeds; a replay arrives again with the same webhook-id', async () => {
    const endpoint = await register('/flaky');
    receiver.answer('/flaky', 500);
    const deposit = eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(randomUUID()));
    await notification.deliver(LEDGER_EVENTS_STREAM, deposit);
    const attempts = await receiver.waitFor('/flaky', 2);
    expect(attempts.map((request) => request.answeredWith)).toEqual([500, 200]);
    expect(attempts.map((request) => request.headers['webhook-id'])).toEqual([deposit.id, deposit.id]);
    const { items } = await deliveriesWhen(endpoint.id, (rows) => rows[0]?.status === 'succeeded');
    expect(items).toMatchObject([{ status: 'succeeded', attempts: 2, lastResponseCode: 200 }]);

    const replay = await notification.client.as(agent).send(WebhookCommands.replay, { deliveryId: items[0].id });
    expect(replay).toMatchObject({ eventId: deposit.id, status: 'pending', replayOf: items[0].id });
    const [, , again] = await receiver.waitFor('/flaky', 3);
    expect(again.headers['webhook-id']).toBe(deposit.id);
    expect(new Webhook(endpoint.secret).verify(again.body, again.headers as Record<string, string>)).toMatchObject({ id: deposit.id });
    const log = await deliveriesWhen(endpoint.id, (rows) => rows.length === 2 && rows.every((row) => row.status === 'succeeded'));
    expect(log.items.map((row) => row.id)).toEqual([replay.id, items[0].id]);
    // One a page: the replay, then the cursor leads to the delivery it repeats, and no further.
    const deliveries = (cursor?: string) => notification.client.as(agent).send(WebhookCommands.deliveries, { endpointId: endpoint.id, limit: 1, cursor });
    const first = await deliveries();
    expect(first).toMatchObject({ total: 2, items: [{ id: replay.id }], nextCursor: expect.any(String) });
    expect(await deliveries(first.nextCursor ?? undefined)).toMatchObject({ total: 2, items: [{ id: items[0].id }], nextCursor: null });
    expect(await failure(deliveries('bm90IGEgY3Vyc29y'))).toMatchObject({ statusCode: 400, code: 'cursor_invalid' });
    expect(await auditRecords(replay.id)).toEqual([expect.objectContaining({ actionType: 'webhook_delivery_replayed', metadata: expect.objectContaining({ eventId: deposit.id }) })]);
  });

  it('does not deliver an event type the endpoint did not subscribe to, nor to a deleted endpoint', async () => {
    const endpoint = await register('/deposits-only');
    const deleted = await register('/deleted');
    expect(await notification.client.as(agent).send(WebhookCommands.delete, { endpointId: deleted.id })).toEqual({ id: deleted.id });
    expect(await auditRecords(deleted.id)).toContainEqual(expect.objectContaining({ actionType: 'webhook_endpoint_deleted' }));
    const userId = randomUUID();
    await notification.deliver(LEDGER_EVENTS_STREAM, eventEnvelope(LedgerEvents.withdrawalCompleted, transactionEvent(userId, { type: 'withdrawal' })));
    const deposit = eventEnvelope(LedgerEvents.depositCompleted, transactionEvent(userId));
    await notification.deliver(LEDGER_EVENTS_STREAM, deposit);
    // The deposit came after the withdrawal: once it is in, the withdrawal would have been too.
    const [only] = await receiver.waitFor('/deposits-only', 1);
    expect(only.headers['webhook-id']).toBe(deposit.id);
    await deliveriesWhen(endpoint.id, (rows) => rows.length === 1 && rows[0].status === 'succeeded');
    expect(receiver.at('/deposits-only')).toHaveLength(1);
    expect(receiver.at('/deleted')).toHaveLength(0);
    expect((await notification.client.as(agent).send(WebhookCommands.list, {})).items.map((item) => item.id)).not.toContain(deleted.id);
  });

  it('refuses internal addresses, unknown event types and admins without the settings permission', async () => {
    const refusals = await Promise.all(
      ['http://localhost:8080/hook', 'http://127.0.0.2/hook', 'http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/hook', 'http://user:pw@example.com/hook', 'ftp://example.com/hook'].map((url) =>
        failure(notification.client.as(agent).send(WebhookCommands.create, { url, events: [DEPOSIT_COMPLETED] })),
      ),
    );
    // Only 127.0.0.1 is allow-listed here: another loopback address, or a name resolving to one, is not.
    expect(refusals.map((refusal) => [refusal.statusCode, refusal.code])).toEqual([
      [400, 'webhook_address_forbidden'],
      [400, 'webhook_address_forbidden'],
      [400, 'webhook_address_forbidden'],
      [400, 'webhook_address_forbidden'],
      [400, 'webhook_address_forbidden'],
      [400, 'webhook_url_invalid'],
      [400, 'webhook_url_invalid'],
    ]);
    expect(refusals[0].message).toContain('WEBHOOK_ALLOWED_HOSTS');
    expect(await failure(notification.client.as(agent).send(WebhookCommands.create, { url: receiver.url('/x'), events: [DEPOSIT_COMPLETED, 'ledger.nothing.v1'] }))).toMatchObject({
      statusCode: 400,
      code: 'webhook_event_types_unknown',
      message: 'Unknown event types: ledger.nothing.v1.',
    });
    for (const refused of [admin('support'), admin('admin'), { ...admin(), userType: 'customer' as const, adminRole: null }]) {
      expect(await failure(notification.client.as(refused).send(WebhookCommands.list, {}))).toMatchObject({ statusCode: 403 });
      expect(await failure(notification.client.as(refused).send(WebhookCommands.create, { url: receiver.url('/x'), events: [DEPOSIT_COMPLETED] }))).toMatchObject({ statusCode: 403 });
    }
  });
});
