import { Webhook } from 'standardwebhooks';
import { SignedInAccount, TestStack, WebhookReceiver } from '@portal/testing';
import { adminOn, approvedDeposit, customerAndAdmin, useTestStack } from './journeys';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Asks again until the answer satisfies `done` (deliveries are sent by a worker). */
async function eventually<T>(ask: () => Promise<T>, done: (value: T) => boolean, attempts = 80): Promise<T> {
  let last = await ask();
  for (let attempt = 1; attempt < attempts && !done(last); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = await ask();
  }
  return last;
}

// Issue 34, webhooks: a system that does not speak NATS receives a completed deposit, signed.
describe('webhooks over HTTP', () => {
  let stack: TestStack;
  let receiver: WebhookReceiver;
  let customer: SignedInAccount;
  let admin: SignedInAccount;
  let support: SignedInAccount;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });

  // The receiver runs on this machine: an operator allow-lists it, as for an in-cluster receiver.
  useTestStack(
    'api-webhooks',
    async (started) => {
      stack = started;
      ({ customer, admin } = await customerAndAdmin(stack));
      support = await adminOn(stack, 'support');
    },
    { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_DELAY_MS: '50' }, timeoutMs: 180_000 },
  );

  afterAll(async () => {
    await receiver?.stop();
  });

  it('sends an approved deposit to a registered endpoint, signed, logs it, and replays it with the same webhook-id', async () => {
    const created = await admin.api.post<Body>('/api/v1/admin/webhooks', { url: receiver.url('/portal'), events: ['ledger.deposit.completed.v1'], description: 'Accounting' });
    expect(created.status).toBe(201);
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^whsec_/);
    const list = await admin.api.get<Body>('/api/v1/admin/webhooks');
    expect(list.body.items).toContainEqual(expect.objectContaining({ id: created.body.id, url: receiver.url('/portal'), events: ['ledger.deposit.completed.v1'], description: 'Accounting' }));
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const deposit = await approvedDeposit(customer, admin, 750);

    const [first] = await receiver.waitFor('/portal', 1, 60_000);
    const event = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as Body;
    expect(event).toMatchObject({ subject: 'ledger.deposit.completed.v1', payload: { transactionId: deposit.id, userId: customer.user.id, amount: '750.00', currency: 'USD' } });
    expect(first.headers['webhook-id']).toBe(event.id);

    const log = await eventually(
      () => admin.api.get<Body>(`/api/v1/admin/webhooks/${created.body.id}/deliveries`),
      (answer) => answer.body.items?.[0]?.status === 'succeeded',
    );
    expect(log.body).toMatchObject({ total: 1, nextCursor: null, items: [{ eventId: event.id, eventType: 'ledger.deposit.completed.v1', status: 'succeeded', lastResponseCode: 200, attempts: 1 }] });

    const replay = await admin.api.post<Body>(`/api/v1/admin/webhooks/deliveries/${log.body.items[0].id}/replay`);
    expect(replay).toMatchObject({ status: 200, body: { eventId: event.id, status: 'pending' } });
    const [, again] = await receiver.waitFor('/portal', 2, 30_000);
    expect(again.headers['webhook-id']).toBe(event.id);
    expect(new Webhook(secret).verify(again.body, again.headers as Record<string, string>)).toEqual(event);
    // The log in pages of one: the replay first, its cursor leads to the original delivery, and no further.
    const newest = await admin.api.get<Body>(`/api/v1/admin/webhooks/${created.body.id}/deliveries?limit=1`);
    expect(newest.body).toMatchObject({ total: 2, items: [{ id: replay.body.id }], nextCursor: expect.any(String) });
    const older = await admin.api.get<Body>(`/api/v1/admin/webhooks/${created.body.id}/deliveries?limit=1&cursor=${newest.body.nextCursor}`);
    expect(older.body).toMatchObject({ total: 2, items: [{ id: log.body.items[0].id }], nextCursor: null });
    expect(await admin.api.get<Body>(`/api/v1/admin/webhooks/${created.body.id}/deliveries?cursor=not-a-cursor`)).toMatchObject({ status: 400, body: { code: 'cursor_invalid' } });
    expect(await admin.api.get<Body>(`/api/v1/admin/webhooks/${created.body.id}/deliveries?limit=101`)).toMatchObject({ status: 400 });

    // Refused: an internal address, an unknown event type.
    expect(await admin.api.post<Body>('/api/v1/admin/webhooks', { url: 'http://169.254.169.254/latest', events: ['ledger.deposit.completed.v1'] })).toMatchObject({ status: 400, body: { code: 'webhook_address_forbidden' } });
    expect(await admin.api.post<Body>('/api/v1/admin/webhooks', { url: receiver.url('/x'), events: ['ledger.nothing.v1'] })).toMatchObject({ status: 400, body: { code: 'webhook_event_types_unknown' } });

    expect((await admin.api.request('DELETE', `/api/v1/admin/webhooks/${created.body.id}`)).status).toBe(200);
    expect((await admin.api.get<Body>('/api/v1/admin/webhooks')).body.items).toEqual([]);
  });

  it('refuses a support admin, whose role lacks the settings permission', async () => {
    for (const answer of [await support.api.get<Body>('/api/v1/admin/webhooks'), await support.api.post<Body>('/api/v1/admin/webhooks', { url: receiver.url('/x'), events: ['ledger.deposit.completed.v1'] })]) {
      expect(answer).toMatchObject({ status: 403, body: { code: 'admin_role_lacks_permission', params: { permission: 'settings' } } });
    }
  });
});
