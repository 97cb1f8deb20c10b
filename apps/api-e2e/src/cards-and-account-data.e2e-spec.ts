import { randomUUID } from 'node:crypto';
import { SignedInAccount, signIn, TestStack } from '@portal/testing';
import { adminOn, approvedDeposit, customerOn, useTestStack } from './journeys';

type Body = Record<string, unknown>;
interface CardRequest {
  id: string;
  status: string;
  trackingNumber: string | null;
  rejectionReason: string | null;
  history: { status: string; note: string | null }[];
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Issue 9 over HTTP: card requests, Download My Data, Delete Account.
describe('cards and the customer’s own data over HTTP', () => {
  let stack: TestStack;
  let admin: SignedInAccount;
  let support: SignedInAccount;

  useTestStack(
    'api-cards',
    async (started) => {
      stack = started;
      admin = await adminOn(stack);
      // A support-role admin, created by the super admin over HTTP.
      const email = `support-${randomUUID().slice(0, 8)}@example.test`;
      const password = 'Support-Pass-42!';
      const created = await admin.api.post('/api/v1/admin/admins', { firstName: 'Sam', lastName: 'Support', email, password, confirmPassword: password, adminRole: 'support' });
      expect(created.status).toBe(201);
      support = await signIn(stack.api, email, password);
    },
    { timeoutMs: 180_000 },
  );

  const physical = { cardType: 'physical', cardName: 'Grace Hopper', reason: 'Travel spending', deliveryAddress: '1 Harbour Road, Arlington' };

  it('orders a physical card, which an admin approves and marks delivered; the customer is notified at each step', async () => {
    const customer = await customerOn(stack, { firstName: 'Grace', lastName: 'Hopper' });
    const stranger = await customerOn(stack);

    const refused = await customer.api.post<Body>('/api/v1/cards/requests', physical);
    expect(refused).toMatchObject({ status: 409, body: { message: 'Your investment account has no credit.' } });

    await approvedDeposit(customer, admin, 500);
    const missing = await customer.api.post<Body>('/api/v1/cards/requests', { ...physical, deliveryAddress: '' });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Please enter the delivery address for your physical card.' } });

    const key = randomUUID();
    const created = await customer.api.post<CardRequest>('/api/v1/cards/requests', physical, { 'Idempotency-Key': key });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', cardType: 'physical', deliveryAddress: physical.deliveryAddress });
    expect((await customer.api.post<CardRequest>('/api/v1/cards/requests', physical, { 'Idempotency-Key': key })).body.id).toBe(created.body.id);
    const id = created.body.id;

    expect((await customer.api.get<{ items: CardRequest[]; counts: Body }>('/api/v1/cards/requests')).body).toMatchObject({
      total: 1,
      counts: { physicalCards: 0, virtualCards: 0, pendingRequests: 1 },
    });
    expect((await stranger.api.get<{ items: CardRequest[] }>('/api/v1/cards/requests')).body.items).toEqual([]);
    expect((await stranger.api.request('DELETE', `/api/v1/cards/requests/${id}`)).status).toBe(404);
    expect((await customer.api.get('/api/v1/admin/cards/requests')).status).toBe(403);
    expect((await customer.api.post(`/api/v1/admin/cards/requests/${id}/decision`, { decision: 'approved' })).status).toBe(403);

    expect((await support.api.post(`/api/v1/admin/cards/requests/${id}/decision`, { decision: 'approved' })).status).toBe(403);

    const listed = await admin.api.get<{ items: (CardRequest & { client: Body })[] }>('/api/v1/admin/cards/requests?status=pending');
    expect(listed.body.items.find((item) => item.id === id)).toMatchObject({ client: { firstName: 'Grace', lastName: 'Hopper', email: customer.email } });
    expect((await admin.api.post<Body>(`/api/v1/admin/cards/requests/${id}/decision`, { decision: 'maybe' })).status).toBe(400);
    expect((await admin.api.post<Body>(`/api/v1/admin/cards/requests/${id}/decision`, { decision: 'delivered', trackingNumber: 'T1' })).status).toBe(409);

    expect((await admin.api.post<CardRequest>(`/api/v1/admin/cards/requests/${id}/decision`, { decision: 'approved' })).body.status).toBe('approved');
    expect((await customer.api.request('DELETE', `/api/v1/cards/requests/${id}`)).status).toBe(409);
    const delivered = await admin.api.post<CardRequest>(`/api/v1/admin/cards/requests/${id}/decision`, { decision: 'delivered', trackingNumber: 'TRK-42' });
    expect(delivered.body).toMatchObject({ status: 'delivered', trackingNumber: 'TRK-42' });
    expect(delivered.body.history.map((entry) => entry.status)).toEqual(['pending', 'approved', 'delivered']);

    await until(async () => {
      const notifications = await customer.api.get<{ items: { title: string }[] }>('/api/v1/notifications');
      return ['Card request received', 'Card request approved', 'Card delivered'].every((title) => notifications.body.items.some((item) => item.title === title));
    });
    await until(async () => {
      const logs = await admin.api.get<{ items: { actionType: string; targetId: string | null }[] }>('/api/v1/admin/audit-logs');
      return logs.body.items.some((item) => item.actionType === 'card_request_delivered' && item.targetId === id);
    });
  });

  it('rejects with a reason only, and lets the customer cancel a pending request', async () => {
    const customer = await customerOn(stack);
    await approvedDeposit(customer, admin, 100);
    const first = await customer.api.post<CardRequest>('/api/v1/cards/requests', { cardType: 'virtual', cardName: 'Online', reason: 'Shopping' });
    const noReason = await admin.api.post<Body>(`/api/v1/admin/cards/requests/${first.body.id}/decision`, { decision: 'rejected' });
    expect(noReason).toMatchObject({ status: 400, body: { message: 'Please enter a reason for the rejection.' } });
    const rejected = await admin.api.post<CardRequest>(`/api/v1/admin/cards/requests/${first.body.id}/decision`, { decision: 'rejected', reason: 'Duplicate request' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Duplicate request' });

    const second = await customer.api.post<CardRequest>('/api/v1/cards/requests', { cardType: 'virtual', cardName: 'Online 2', reason: 'Shopping' });
    const cancelled = await customer.api.request<CardRequest>('DELETE', `/api/v1/cards/requests/${second.body.id}`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect((await customer.api.request('DELETE', `/api/v1/cards/requests/not-a-uuid`)).status).toBe(404);
  });

  it('exports the customer’s own data from every service as a dated JSON download', async () => {
    const customer = await customerOn(stack, { firstName: 'Emmy', lastName: 'Noether' });
    const stranger = await customerOn(stack);
    await approvedDeposit(customer, admin, 300);
    const card = await customer.api.post<CardRequest>('/api/v1/cards/requests', { cardType: 'virtual', cardName: 'Emmy Online', reason: 'Shopping' });
    const ticket = await customer.api.post<Body>('/api/v1/support/tickets', { subject: 'Statement question', category: 'Payments', priority: 'low', message: 'Where is my statement?' });
    expect(ticket.status).toBe(201);
    await stranger.api.post<Body>('/api/v1/support/tickets', { subject: 'Not yours', category: 'Payments', priority: 'low', message: 'Someone else' });

    const response = await fetch(`${stack.api.baseUrl}/api/v1/me/export`, { headers: { authorization: `Bearer ${customer.accessToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const exported = (await response.json()) as {
      userId: string;
      identity: { profile: Body };
      ledger: { transactions: Body[]; cardRequests: Body[]; balances: Body[] };
      support: { tickets: (Body & { messages: Body[] })[] };
      applications: Body;
      kyc: Body;
      notification: { notifications: Body[] };
    };
    expect(exported.userId).toBe(customer.user.id);
    expect(exported.identity.profile).toMatchObject({ id: customer.user.id, email: customer.email, firstName: 'Emmy' });
    expect(JSON.stringify(exported)).not.toMatch(/passwordHash|argon2|Someone else/);
    expect(exported.ledger.transactions).toEqual([expect.objectContaining({ type: 'deposit', status: 'completed', amount: '300.00' })]);
    expect(exported.ledger.cardRequests).toEqual([expect.objectContaining({ id: card.body.id, cardName: 'Emmy Online' })]);
    expect(exported.ledger.balances).toEqual([expect.objectContaining({ currency: 'USD', available: '300.00' })]);
    expect(exported.support.tickets).toEqual([expect.objectContaining({ id: ticket.body.id, subject: 'Statement question', messages: [expect.objectContaining({ body: 'Where is my statement?' })] })]);
    expect(exported.applications).toEqual({ applications: [], investments: [] });
    expect(exported.kyc).toMatchObject({ documents: [], files: [] });
    expect(Array.isArray(exported.notification.notifications)).toBe(true);
    expect((await stack.api.get('/api/v1/me/export')).status).toBe(401);
  });

  it('deletes an account only with the password and only once it holds no money; then it can no longer sign in', async () => {
    const funded = await customerOn(stack);
    await approvedDeposit(funded, admin, 150);
    const refused = await funded.api.request<Body>('DELETE', '/api/v1/me', { password: funded.password });
    expect(refused).toMatchObject({ status: 409, body: { message: 'Your account still holds funds. Please withdraw your balance before deleting your account.' } });
    expect((await stack.api.post('/api/v1/auth/login', { email: funded.email, password: funded.password })).status).toBe(200);

    const empty = await customerOn(stack, { firstName: 'Sophie' });
    const wrong = await empty.api.request<Body>('DELETE', '/api/v1/me', { password: 'wrong-password-9' });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'The password is incorrect. Your account has not been deleted.' } });
    expect((await empty.api.request<Body>('DELETE', '/api/v1/me', {})).status).toBe(400);

    const deleted = await empty.api.request<Body>('DELETE', '/api/v1/me', { password: empty.password });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await empty.api.get('/api/v1/me')).status).toBe(401);
    expect((await stack.api.post('/api/v1/auth/login', { email: empty.email, password: empty.password })).status).toBe(401);
    const email = await stack.inbox.lastEmailTo(empty.email, { subject: /account has been deleted/ });
    expect(email.html).toContain('Sophie');
    await until(async () => {
      const logs = await admin.api.get<{ items: { actionType: string; targetId: string | null }[] }>('/api/v1/admin/audit-logs');
      return logs.body.items.some((item) => item.actionType === 'account_deleted_by_owner' && item.targetId === empty.user.id);
    });
  });
});
