import 'reflect-metadata';
import request from 'supertest';
import { DEFAULT_ADMIN_ROLE_PERMISSIONS, IDENTITY_EVENTS_STREAM, IdentityCommands, IdentityEvents, KycDocumentCommands } from '@portal/contracts';
import { EventPublisher, eventEnvelope } from '@portal/testing';
import { adminActor, customerActor } from '../testing/builders';
import { eventually, GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const DENIED = 'Access denied. You do not have permission to access admin areas.';

// How long the gateway would wait for identity: the 403 must come well before that.
const SERVICE_WAIT_MS = 20_000;

describe('the admin area', () => {
  let gateway: GatewayHarness;

  // Permissions kept a minute: only identity's change event can make the gateway ask again.
  useGatewayHarness('gateway-admin', (started) => (gateway = started), { NATS_REQUEST_TIMEOUT_MS: String(SERVICE_WAIT_MS), ADMIN_PERMISSIONS_CACHE_MS: '60000' });

  it('refuses a customer on any admin path, existing or not, and records the attempt', async () => {
    const customer = customerActor();
    const audit = await gateway.respond(IdentityCommands.recordSecurityEvent, () => ({ id: 'audit-id' }));
    const token = gateway.accessToken(customer);
    const attempts: [string, string][] = [
      ['GET', '/api/v1/admin/users?q=everyone'],
      ['GET', '/api/v1/admin/audit-logs'],
      ['POST', '/api/v1/admin/users/42/suspend'],
      ['DELETE', '/api/v1/admin/anything/at/all'],
    ];
    for (const [method, path] of attempts) {
      const response = await request(gateway.baseUrl)[method.toLowerCase() as 'get' | 'post' | 'delete'](path).set('authorization', `Bearer ${token}`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: DENIED, code: 'admin_access_denied' });
    }
    await eventually(() => audit.requests.length === attempts.length);
    expect(audit.requests.map((entry) => entry.payload)).toEqual(
      attempts.map(([method, path]) => ({ type: 'unauthorized_access', path: path.split('?')[0], method, source: 'gateway' })),
    );
    expect(audit.requests[0].meta.actor).toMatchObject({ userId: customer.userId, userType: 'customer' });
  });

  it('answers the 403 without waiting for the audit record to be written', async () => {
    // identity takes the audit request and never answers it while the customer waits.
    const audit = await gateway.respond(IdentityCommands.recordSecurityEvent, () => new Promise(() => undefined));
    const startedAt = Date.now();
    const response = await request(gateway.baseUrl).get('/api/v1/admin/users').set('authorization', `Bearer ${gateway.accessToken(customerActor())}`);
    expect(response.status).toBe(403);
    expect(Date.now() - startedAt).toBeLessThan(SERVICE_WAIT_MS / 2);
    await eventually(() => audit.requests.length === 1);
  });

  it('matches admin paths the way routing does (case, trailing slash), and nothing beyond them', async () => {
    const token = gateway.accessToken(customerActor());
    expect((await request(gateway.baseUrl).get('/API/V1/Admin/users/').set('authorization', `Bearer ${token}`)).status).toBe(403);
    expect((await request(gateway.baseUrl).get('/api/v1/admin').set('authorization', `Bearer ${token}`)).status).toBe(403);
    expect((await request(gateway.baseUrl).get('/api/v1/administrators').set('authorization', `Bearer ${token}`)).status).toBe(404);
  });

  it('asks a signed-out caller to sign in', async () => {
    const response = await request(gateway.baseUrl).get('/api/v1/admin/users');
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Please sign in to continue.');
  });

  it("refuses Create Admin to a signed-out caller and to a customer in the spec's words, still recording the customer's attempt", async () => {
    const audit = await gateway.respond(IdentityCommands.recordSecurityEvent, () => ({ id: 'audit-id' }));
    const identity = await gateway.respond(IdentityCommands.createAdmin, () => ({}));
    const form = { firstName: 'Eve', lastName: 'Intruder', email: 'eve@example.test', password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass', adminRole: 'super_admin' };
    const signedOut = await request(gateway.baseUrl).post('/api/v1/admin/admins').send(form);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'You must be logged in to create admin accounts', code: 'create_admin_signed_out' });
    const customer = customerActor();
    const byCustomer = await request(gateway.baseUrl).post('/api/v1/admin/Admins/').set('authorization', `Bearer ${gateway.accessToken(customer)}`).send(form);
    expect(byCustomer.status).toBe(403);
    expect(byCustomer.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Only administrators can create admin accounts', code: 'create_admin_admins_only' });
    await eventually(() => audit.requests.length === 1);
    expect(audit.requests[0].payload).toMatchObject({ type: 'unauthorized_access', method: 'POST', source: 'gateway' });
    expect(audit.requests[0].meta.actor).toMatchObject({ userId: customer.userId });
    expect(identity.requests).toHaveLength(0);
    // Other admin paths keep their own words.
    expect((await request(gateway.baseUrl).get('/api/v1/admin/admins')).body.message).toBe('Please sign in to continue.');
  });

  it('lets an admin through to routing: an unknown admin path is a 404', async () => {
    const audit = await gateway.respond(IdentityCommands.recordSecurityEvent, () => ({ id: 'audit-id' }));
    const response = await request(gateway.baseUrl).get('/api/v1/admin/not-built-yet').set('authorization', `Bearer ${gateway.accessToken(adminActor())}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'The requested resource was not found.', code: 'resource_not_found' });
    expect(audit.requests).toHaveLength(0);
  });

  it('lists audit logs for an admin, with the list query checked and converted', async () => {
    await gateway.grantRolePermissions();
    const admin = adminActor();
    const page = { items: [], nextCursor: null, total: 0 };
    const identity = await gateway.respond(IdentityCommands.listAuditLogs, () => page);
    const token = gateway.accessToken(admin);
    const response = await request(gateway.baseUrl).get('/api/v1/admin/audit-logs?category=security_event&limit=50').set('authorization', `Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(page);
    expect(identity.requests[0].payload).toEqual({ category: 'security_event', limit: 50 });
    expect(identity.requests[0].meta.actor).toMatchObject({ userId: admin.userId, userType: 'admin', adminRole: 'super_admin' });

    const invalid = await request(gateway.baseUrl).get('/api/v1/admin/audit-logs?limit=500').set('authorization', `Bearer ${token}`);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ message: 'limit must be a whole number from 1 to 100', details: [{ field: 'limit' }] });
  });

  it("refuses a support admin with 403 on transactions and settings before looking at the body, and records each attempt", async () => {
    await gateway.grantRolePermissions();
    const audit = await gateway.respond(IdentityCommands.recordSecurityEvent, () => ({ id: 'audit-id' }));
    const token = gateway.accessToken(adminActor({ adminRole: 'support' }));
    // Both bodies are invalid: a 400 here would tell the role how to shape a request it may not make.
    const reject = await request(gateway.baseUrl).post('/api/v1/admin/transactions/not-a-uuid/reject').set('authorization', `Bearer ${token}`).send({ reason: 42 });
    expect(reject.status).toBe(403);
    expect(reject.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Access denied. Your admin role does not include transactions.',
      code: 'admin_role_lacks_permission',
      params: { permission: 'transactions' },
    });
    const settings = await request(gateway.baseUrl).put('/api/v1/admin/settings/general').set('authorization', `Bearer ${token}`).send({});
    expect(settings.status).toBe(403);
    expect(settings.body).toMatchObject({ message: 'Access denied. Only super administrators can do this.', code: 'super_admin_only' });
    expect((await request(gateway.baseUrl).get('/api/v1/admin/settings').set('authorization', `Bearer ${token}`)).status).toBe(403);
    await eventually(() => audit.requests.length === 3);
    expect(audit.requests.map((entry) => entry.payload)).toEqual([
      { type: 'unauthorized_access', path: '/api/v1/admin/transactions/not-a-uuid/reject', method: 'POST', source: 'gateway', details: 'support lacks permission transactions' },
      { type: 'unauthorized_access', path: '/api/v1/admin/settings/general', method: 'PUT', source: 'gateway', details: 'support lacks permission all' },
      { type: 'unauthorized_access', path: '/api/v1/admin/settings', method: 'GET', source: 'gateway', details: 'support lacks permission settings' },
    ]);
  });

  it('answers 503, not 500, when identity cannot say what the role may do', async () => {
    // No identity responder: the role's permissions cannot be known (moderator: asked nowhere else here).
    const response = await request(gateway.baseUrl).get('/api/v1/admin/users').set('authorization', `Bearer ${gateway.accessToken(adminActor({ adminRole: 'moderator' }))}`);
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
  });

  it("applies a change of the roles' permissions once identity announces it", async () => {
    const token = gateway.accessToken(adminActor({ adminRole: 'admin' }));
    const withoutKyc = { ...DEFAULT_ADMIN_ROLE_PERMISSIONS, admin: ['users'] };
    await gateway.grantRolePermissions(withoutKyc);
    await gateway.respond(KycDocumentCommands.adminList, () => ({ items: [], total: 0, nextCursor: null }));
    expect((await request(gateway.baseUrl).get('/api/v1/admin/kyc/documents').set('authorization', `Bearer ${token}`)).status).toBe(403);

    await gateway.stopResponders();
    await gateway.grantRolePermissions();
    await gateway.respond(KycDocumentCommands.adminList, () => ({ items: [], total: 0, nextCursor: null }));
    const publisher = await EventPublisher.connect(gateway.infrastructure.nats.url);
    try {
      await publisher.publish(IDENTITY_EVENTS_STREAM, eventEnvelope(IdentityEvents.settingChanged, { key: 'admin_roles', value: DEFAULT_ADMIN_ROLE_PERMISSIONS, version: 2, changedBy: adminActor().userId }));
    } finally {
      await publisher.connection.close();
    }
    // The gateway forgets the role's permissions when it reads the event, then asks identity again.
    let status = 0;
    for (let attempt = 0; attempt < 200 && status !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await request(gateway.baseUrl).get('/api/v1/admin/kyc/documents').set('authorization', `Bearer ${token}`)).status;
    }
    expect(status).toBe(200);
  });
});
