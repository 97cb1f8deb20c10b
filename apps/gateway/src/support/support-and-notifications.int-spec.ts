import 'reflect-metadata';
import request from 'supertest';
import { NotificationCommands, SupportCommands } from '@portal/contracts';
import { adminActor, customerActor } from '../testing/builders';
import { FakeServiceError, GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const TICKET_ID = '0b7c9d2e-5f1a-4c3b-9e8d-7a6b5c4d3e2f';

describe('support and notification endpoints', () => {
  let gateway: GatewayHarness;

  useGatewayHarness('gateway-support', (started) => (gateway = started));

  beforeEach(async () => {
    await gateway.grantRolePermissions();
  });

  it('opens a ticket for the verified caller only: an owner id in the body is ignored', async () => {
    const customer = customerActor();
    const support = await gateway.respond(SupportCommands.createTicket, (req) => ({ id: TICKET_ID, ...req.payload }));
    const response = await request(gateway.baseUrl)
      .post('/api/v1/support/tickets')
      .set('authorization', `Bearer ${gateway.accessToken(customer)}`)
      .send({ subject: ' Help ', category: 'Payments', priority: 'low', message: 'Where is it?', userId: adminActor().userId });
    expect(response.status).toBe(201);
    expect(support.requests[0].payload).toEqual({ subject: 'Help', category: 'Payments', priority: 'low', message: 'Where is it?' });
    expect(support.requests[0].meta.actor).toMatchObject({ userId: customer.userId, userType: 'customer' });
  });

  it('answers a missing field with the spec message before asking the service', async () => {
    const support = await gateway.respond(SupportCommands.createTicket, () => ({}));
    const response = await request(gateway.baseUrl)
      .post('/api/v1/support/tickets')
      .set('authorization', `Bearer ${gateway.accessToken(customerActor())}`)
      .send({ subject: 'Help', category: 'Payments', priority: 'low' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Validation Error: Please fill in all required fields.');
    expect(support.requests).toHaveLength(0);
  });

  it('passes a list cursor on as the opaque text a page gave, refusing only what no page could give before asking the service', async () => {
    const support = await gateway.respond(SupportCommands.listAllTickets, () => ({ items: [], nextCursor: null, total: 0 }));
    const list = (cursor: string) => request(gateway.baseUrl).get(`/api/v1/admin/support/tickets?cursor=${cursor}`).set('authorization', `Bearer ${gateway.accessToken(adminActor())}`);
    const tooLong = await list('a'.repeat(401));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'cursor_invalid' });
    expect(support.requests).toHaveLength(0);

    // A keyset cursor: a row's position and the list's total, base64url.
    const cursor = Buffer.from(`2026-11-30T08:50:23.123456Z|${TICKET_ID}|123456789012`).toString('base64url');
    expect((await list(cursor)).status).toBe(200);
    expect(support.requests[0].payload).toMatchObject({ cursor });
  });

  it('treats an id that cannot be a ticket as not found, and passes the service\'s 404 on', async () => {
    const token = gateway.accessToken(customerActor());
    expect((await request(gateway.baseUrl).get('/api/v1/support/tickets/not-a-ticket').set('authorization', `Bearer ${token}`)).status).toBe(404);
    await gateway.respond(SupportCommands.getOwnTicket, () => {
      throw new FakeServiceError({ statusCode: 404, error: 'Not Found', message: 'Support ticket not found.' });
    });
    const missing = await request(gateway.baseUrl).get(`/api/v1/support/tickets/${TICKET_ID}`).set('authorization', `Bearer ${token}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Support ticket not found.');
  });

  it('keeps customers and admins to their own side', async () => {
    const admin = gateway.accessToken(adminActor());
    expect((await request(gateway.baseUrl).get('/api/v1/support/tickets').set('authorization', `Bearer ${admin}`)).status).toBe(403);
    expect((await request(gateway.baseUrl).get('/api/v1/admin/support/tickets').set('authorization', `Bearer ${gateway.accessToken(customerActor())}`)).status).toBe(403);
    expect((await request(gateway.baseUrl).get('/api/v1/notifications/unread-count')).status).toBe(401);
  });

  it('forwards an admin\'s status and response, and a broadcast with its audience', async () => {
    const admin = adminActor({ adminRole: 'support' });
    const token = gateway.accessToken(admin);
    const update = await gateway.respond(SupportCommands.updateTicket, (req) => ({ id: req.payload.ticketId, status: 'resolved' }));
    const patched = await request(gateway.baseUrl).patch(`/api/v1/admin/support/tickets/${TICKET_ID}`).set('authorization', `Bearer ${token}`).send({ adminResponse: ' Done. ' });
    expect(patched.status).toBe(200);
    expect(update.requests[0].payload).toEqual({ ticketId: TICKET_ID, adminResponse: 'Done.' });

    const broadcast = await gateway.respond(NotificationCommands.broadcast, () => ({ broadcastId: TICKET_ID, recipientCount: 3, message: 'Notification broadcast to 3 users' }));
    const sent = await request(gateway.baseUrl)
      .post('/api/v1/admin/notifications/broadcast')
      .set('authorization', `Bearer ${token}`)
      .send({ title: 'Hello', message: 'All', type: 'info', audience: { kind: 'filtered', kycStatus: 'verified' } });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Notification broadcast to 3 users');
    expect(broadcast.requests[0].payload).toMatchObject({ title: 'Hello', audience: { kind: 'filtered', kycStatus: 'verified' } });
    expect(broadcast.requests[0].meta.actor).toMatchObject({ userId: admin.userId, adminRole: 'support' });

    const invalid = await request(gateway.baseUrl).post('/api/v1/admin/notifications/broadcast').set('authorization', `Bearer ${token}`).send({ title: ' ', message: 'x', type: 'info', audience: { kind: 'all_customers' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Please enter a title and a message.');
    expect(broadcast.requests).toHaveLength(1);
  });
});
