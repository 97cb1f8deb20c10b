import { randomUUID } from 'node:crypto';
import { SignedInAccount, TestStack } from '@portal/testing';
import { adminOn, customerOn, useTestStack } from './journeys';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Issue 30, end to end: a customer deposits and opens a ticket; an admin whose role has the
 * users permission views that customer's screens read only and sees what the customer
 * sees; every view is in the audit log (customer_viewed), and nothing changed for the customer.
 */
describe('view as customer (admin, read only)', () => {
  let stack: TestStack;
  let customer: SignedInAccount;
  let moderator: SignedInAccount;
  let support: SignedInAccount;
  let superAdmin: SignedInAccount;
  let ticketId: string;
  let depositReference: string;

  useTestStack(
    'api-customer-view',
    async (started) => {
      stack = started;
      customer = await customerOn(stack, { firstName: 'Grace', lastName: 'Hopper' });
      [moderator, support, superAdmin] = await Promise.all([
        adminOn(stack, 'moderator'),
        adminOn(stack, 'support'),
        adminOn(stack),
      ]);
      // The ledger learns of the new customer from identity's events: ask again until it has.
      const requestDeposit = () =>
        customer.api.post<Body>(
          '/api/v1/deposits',
          { method: 'bank', amount: 1500, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' },
          { 'Idempotency-Key': randomUUID() },
        );
      let deposit = await requestDeposit();
      for (let attempt = 1; attempt < 60 && deposit.status !== 201; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        deposit = await requestDeposit();
      }
      expect(deposit.status).toBe(201);
      depositReference = deposit.body.reference;
      const ticket = await customer.api.post<Body>('/api/v1/support/tickets', { subject: 'Where is my deposit?', category: 'Payments', priority: 'medium', message: 'I sent 1,500 today.' });
      expect(ticket.status).toBe(201);
      ticketId = ticket.body.id;
      const draft = await customer.api.post<Body>('/api/v1/applications', { applicationType: 'personal', fullName: 'Grace Hopper', investmentAmount: 5000, draft: true });
      expect(draft.status).toBe(201);
    },
    { timeoutMs: 240_000 },
  );

  const view = (admin: SignedInAccount, section: string) => admin.api.get<Body>(`/api/v1/admin/customer-view/${customer.user.id}${section}`);

  it('answers exactly what the customer’s own endpoints answer: balance, transactions, investments and tickets', async () => {
    for (const [section, own] of [
      ['/balance?currency=USD', '/api/v1/balance?currency=USD'],
      ['/transactions/summary?currency=USD', '/api/v1/transactions/summary?currency=USD'],
      ['/transactions?limit=20', '/api/v1/transactions?limit=20'],
      ['/investments', '/api/v1/investments'],
      ['/security-deposits', '/api/v1/security-deposits'],
      ['/applications', '/api/v1/applications'],
      ['/applications?status=draft', '/api/v1/applications?status=draft'],
      ['/support/tickets?limit=10', '/api/v1/support/tickets?limit=10'],
      [`/support/tickets/${ticketId}`, `/api/v1/support/tickets/${ticketId}`],
    ]) {
      const [viewed, mine] = await Promise.all([view(moderator, section), customer.api.get<Body>(own)]);
      expect({ section, status: viewed.status }).toEqual({ section, status: 200 });
      expect({ section, body: viewed.body }).toEqual({ section, body: mine.body });
    }
    const transactions = await view(moderator, '/transactions');
    expect(transactions.body.items).toEqual([expect.objectContaining({ type: 'deposit', status: 'pending', amount: '1500.00', reference: depositReference })]);
    const tickets = await view(moderator, '/support/tickets');
    expect(tickets.body.items).toEqual([expect.objectContaining({ id: ticketId, subject: 'Where is my deposit?' })]);
    const applications = await view(moderator, '/applications');
    expect(applications.body.items).toEqual([expect.objectContaining({ status: 'draft', fullName: 'Grace Hopper', investmentAmount: '5000.00' })]);
    const account = await view(moderator, '');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ id: customer.user.id, firstName: 'Grace', lastName: 'Hopper', email: customer.email });
  });

  it('lists every view in the audit log: customer_viewed, the admin as actor, the customer as target, the section', async () => {
    const before = await superAdmin.api.get<Body>(`/api/v1/admin/audit-logs?action=customer_viewed&actorUserId=${moderator.user.id}&limit=100`);
    expect((await view(moderator, '/balance')).status).toBe(200);
    const after = await superAdmin.api.get<Body>(`/api/v1/admin/audit-logs?action=customer_viewed&actorUserId=${moderator.user.id}&limit=100`);
    expect(after.body.total).toBe(before.body.total + 1);
    expect(after.body.items[0]).toMatchObject({
      category: 'admin_action',
      actionType: 'customer_viewed',
      actorUserId: moderator.user.id,
      targetType: 'user',
      targetId: customer.user.id,
      metadata: expect.objectContaining({ section: 'balance', adminRole: 'moderator' }),
    });
    const sections = new Set((after.body.items as Body[]).map((item) => item.metadata.section));
    expect(sections).toEqual(new Set(['account', 'balance', 'transaction_summary', 'transactions', 'investments', 'security_deposits', 'applications', 'tickets', 'ticket']));
  });

  it('changes nothing for the customer: the ticket stays as it was, the balance too', async () => {
    const ticketBefore = await customer.api.get<Body>(`/api/v1/support/tickets/${ticketId}`);
    const balanceBefore = await customer.api.get<Body>('/api/v1/balance');
    await view(moderator, `/support/tickets/${ticketId}`);
    await view(moderator, '/support/tickets');
    expect((await customer.api.get<Body>(`/api/v1/support/tickets/${ticketId}`)).body).toEqual(ticketBefore.body);
    expect((await customer.api.get<Body>('/api/v1/balance')).body).toEqual(balanceBefore.body);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await moderator.api.request(method, `/api/v1/admin/customer-view/${customer.user.id}/support/tickets/${ticketId}`, { message: 'hi' });
      expect({ method, done: response.status < 300 }).toEqual({ method, done: false });
    }
  });

  it('refuses a role without the users permission and a customer (403), an unknown account (404) and an administrator’s (400)', async () => {
    expect((await view(support, '/balance')).status).toBe(403);
    expect((await customer.api.get(`/api/v1/admin/customer-view/${customer.user.id}/balance`)).status).toBe(403);
    const unknown = await moderator.api.get<Body>(`/api/v1/admin/customer-view/${randomUUID()}/balance`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('user_not_found');
    const admin = await moderator.api.get<Body>(`/api/v1/admin/customer-view/${superAdmin.user.id}/transactions`);
    expect(admin.status).toBe(400);
    expect(admin.body.code).toBe('customer_view_not_a_customer');
  });
});
