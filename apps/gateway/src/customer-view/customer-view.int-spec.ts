import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ApplicationsCommands, IdentityCommands, LedgerCommands, LedgerInvestmentCommands, SupportCommands } from '@portal/contracts';
import { adminActor, customerActor } from '../testing/builders';
import { FakeServiceError, GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const customerId = '00000000-0000-4000-8000-0000000000c1';
const ticketId = '00000000-0000-4000-8000-0000000000d1';
const customer = { id: customerId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', kycStatus: 'verified', userStatus: 'active', createdAt: '2026-11-01T09:00:00.000Z' };
const balance = { currency: 'USD', available: '1500.00', held: '0.00', locked: '0.00', totalInvested: '0.00', totalReturns: '0.00', otherCurrencies: [] };
const transactions = { items: [{ id: randomUUID(), userId: customerId, type: 'deposit', status: 'pending', amount: '1500.00', currency: 'USD' }], nextCursor: null };
const applications = {
  items: [
    { id: randomUUID(), userId: customerId, applicationType: 'personal', status: 'rejected', investmentAmount: '123456789.12', currency: 'USD', reviewNote: 'Proof of address missing', submittedAt: '2026-11-02T09:00:00.000Z', createdAt: '2026-11-02T08:00:00.000Z' },
  ],
  nextCursor: null,
  total: 1,
};
const ticket = { id: ticketId, userId: customerId, subject: 'Card', category: 'general', priority: 'medium', message: 'Hello', status: 'open', adminResponse: null, messages: [] };

/** Issue 30: an admin's read-only customer view, each read audited before anything is read. */
describe('the customer view (admin, read only)', () => {
  let gateway: GatewayHarness;
  /** What was sent, in order: the audit record must come before the read. */
  let sent: string[];
  /** Who each read was sent as. */
  let readers: unknown[];

  useGatewayHarness('gateway-customer-view', (started) => (gateway = started));

  beforeEach(async () => {
    sent = [];
    readers = [];
    await gateway.grantRolePermissions();
    const read = (name: string, answer: unknown) => (requestSent: { meta: { actor: unknown } }) => {
      sent.push(name);
      readers.push(requestSent.meta.actor);
      return answer;
    };
    await gateway.respond(LedgerCommands.getBalance, read('balance', balance));
    await gateway.respond(LedgerCommands.listOwnTransactions, read('transactions', transactions));
    await gateway.respond(LedgerInvestmentCommands.listOwnInvestments, read('investments', { items: [], total: 0 }));
    await gateway.respond(SupportCommands.listOwnTickets, read('tickets', { items: [ticket], nextCursor: null, total: 1 }));
    await gateway.respond(SupportCommands.getOwnTicket, read('ticket', ticket));
  });

  const get = (path: string, actor = adminActor({ adminRole: 'admin' })) =>
    request(gateway.baseUrl).get(path).set('authorization', `Bearer ${gateway.accessToken(actor)}`);

  const recorder = () =>
    gateway.respond(IdentityCommands.recordCustomerView, () => {
      sent.push('audit');
      return { id: randomUUID(), customer };
    });

  it('records the view (admin as actor, customer as target, the section) before reading, then answers what the customer sees, read as the customer', async () => {
    const audit = await recorder();
    const admin = adminActor({ adminRole: 'moderator' });
    const response = await get(`/api/v1/admin/customer-view/${customerId}/balance?currency=USD`, admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(balance);
    expect(sent).toEqual(['audit', 'balance']);
    // The read is the customer's own, so the answer is exactly what the customer would see.
    expect(readers).toEqual([expect.objectContaining({ userId: customerId, userType: 'customer', adminRole: null })]);
    expect(audit.requests[0].payload).toEqual({ userId: customerId, section: 'balance' });
    expect(audit.requests[0].meta.actor).toMatchObject({ userId: admin.userId, userType: 'admin', adminRole: 'moderator' });

    const list = await get(`/api/v1/admin/customer-view/${customerId}/transactions?limit=5`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual(transactions);
    const opened = await get(`/api/v1/admin/customer-view/${customerId}/support/tickets/${ticketId}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual(ticket);
    expect(sent).toEqual(['audit', 'balance', 'audit', 'transactions', 'audit', 'ticket']);
    expect(audit.requests.map((entry) => entry.payload)).toEqual([
      { userId: customerId, section: 'balance' },
      { userId: customerId, section: 'transactions' },
      { userId: customerId, section: 'ticket', ticketId },
    ]);
  });

  it('answers who the customer is for the banner, from the audit record itself', async () => {
    const audit = await recorder();
    const response = await get(`/api/v1/admin/customer-view/${customerId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(customer);
    expect(audit.requests.map((entry) => entry.payload)).toEqual([{ userId: customerId, section: 'account' }]);
  });

  it('answers the customer’s applications as their Status screen lists them, recorded before the read and read as the customer', async () => {
    const audit = await recorder();
    const listed = await gateway.respond(ApplicationsCommands.listOwn, (requestSent) => {
      sent.push('applications');
      readers.push(requestSent.meta.actor);
      return applications;
    });
    const response = await get(`/api/v1/admin/customer-view/${customerId}/applications?status=rejected`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(applications);
    expect(sent).toEqual(['audit', 'applications']);
    expect(readers).toEqual([expect.objectContaining({ userId: customerId, userType: 'customer', adminRole: null })]);
    expect(listed.requests[0].payload).toEqual({ status: 'rejected' });
    expect(audit.requests.map((entry) => entry.payload)).toEqual([{ userId: customerId, section: 'applications' }]);

    const badStatus = await get(`/api/v1/admin/customer-view/${customerId}/applications?status=approvedish`);
    expect(badStatus.status).toBe(400);
    const support = await get(`/api/v1/admin/customer-view/${customerId}/applications`, adminActor({ adminRole: 'support' }));
    expect(support.status).toBe(403);
    expect(sent).toEqual(['audit', 'applications']);
  });

  it('refuses a role without the users permission and a customer with 403, reading and recording nothing', async () => {
    const audit = await recorder();
    const support = await get(`/api/v1/admin/customer-view/${customerId}/balance`, adminActor({ adminRole: 'support' }));
    expect(support.status).toBe(403);
    const asCustomer = await get(`/api/v1/admin/customer-view/${customerId}/balance`, customerActor({ userId: customerId }));
    expect(asCustomer.status).toBe(403);
    expect(audit.requests).toHaveLength(0);
    expect(sent).toEqual([]);
  });

  it('answers 404 for an unknown account and 400 for an administrator’s, as identity says, reading nothing', async () => {
    await gateway.respond(IdentityCommands.recordCustomerView, (requestSent) => {
      if (requestSent.payload.userId === customerId) {
        throw new FakeServiceError({ statusCode: 400, error: 'Bad Request', message: 'Only a customer’s account can be viewed as the customer sees it.', code: 'customer_view_not_a_customer' });
      }
      throw new FakeServiceError({ statusCode: 404, error: 'Not Found', message: 'This account does not exist.', code: 'user_not_found' });
    });
    const unknown = await get(`/api/v1/admin/customer-view/${randomUUID()}/support/tickets`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'user_not_found' });
    const notUuid = await get('/api/v1/admin/customer-view/not-a-user/balance');
    expect(notUuid.status).toBe(404);
    const admin = await get(`/api/v1/admin/customer-view/${customerId}/investments`);
    expect(admin.status).toBe(400);
    expect(admin.body).toMatchObject({ code: 'customer_view_not_a_customer' });
    expect(sent).toEqual([]);
  });

  it('refuses the view with 503 and reads nothing when the record cannot be written', async () => {
    await gateway.respond(IdentityCommands.recordCustomerView, () => {
      throw new FakeServiceError({ statusCode: 500, error: 'Internal Server Error', message: 'An unexpected error occurred. Please try again.' });
    });
    for (const path of ['', '/balance', '/transactions', '/investments', '/applications', '/support/tickets']) {
      const response = await get(`/api/v1/admin/customer-view/${customerId}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 503 });
      expect(response.body).toMatchObject({ code: 'service_unavailable' });
    }
    expect(sent).toEqual([]);
  });

  it('has no route that changes anything', async () => {
    await recorder();
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const response = await request(gateway.baseUrl)[method](`/api/v1/admin/customer-view/${customerId}/support/tickets/${ticketId}`)
        .set('authorization', `Bearer ${gateway.accessToken(adminActor())}`)
        .send({ message: 'hi' });
      expect({ method, status: response.status }).toEqual({ method, status: expect.any(Number) });
      expect(response.status).toBeGreaterThanOrEqual(404);
    }
    expect(sent).toEqual([]);
  });
});
