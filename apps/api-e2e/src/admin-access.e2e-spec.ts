import { TestStack } from '@portal/testing';
import { adminOn, customerOn, useTestStack } from './journeys';

describe('admin access over HTTP', () => {
  let stack: TestStack;

  useTestStack('api-admin', (started) => (stack = started));

  it('signs in an admin made with create-admin as an admin', async () => {
    const admin = await adminOn(stack);
    expect(admin.user).toMatchObject({ userType: 'admin', adminRole: 'super_admin' });
  });

  it('creates an administrator only with a role chosen: without one it is 400 and no account, never a super admin', async () => {
    const admin = await adminOn(stack);
    const email = `no-role-${Date.now()}@example.test`;
    const form = { firstName: 'Nora', lastName: 'Role', email, password: 'N0-Role#2026', confirmPassword: 'N0-Role#2026' };
    const refused = await admin.api.post<{ message: string; details: { field: string }[] }>('/api/v1/admin/admins', form);
    expect(refused).toMatchObject({ status: 400, body: { message: 'Please choose a valid admin role', details: [{ field: 'adminRole' }] } });
    expect((await stack.api.post('/api/v1/auth/login', { email, password: form.password })).status).toBe(401);

    const created = await admin.api.post('/api/v1/admin/admins', { ...form, adminRole: 'support' });
    expect(created).toMatchObject({ status: 201, body: { email, userType: 'admin', adminRole: 'support' } });
  });

  it('refuses a customer on admin endpoints and records the attempt for review', async () => {
    const customer = await customerOn(stack);
    const denied = await customer.api.get('/api/v1/admin/users');
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Access denied. You do not have permission to access admin areas.');

    const admin = await adminOn(stack);
    const audit = await admin.api.get<{ items: { actionType: string; actorUserId: string; metadata: Record<string, unknown> }[] }>(
      '/api/v1/admin/audit-logs',
    );
    expect(audit.status).toBe(200);
    expect(audit.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actionType: 'unauthorized_access', actorUserId: customer.user.id, metadata: expect.objectContaining({ path: '/api/v1/admin/users' }) }),
      ]),
    );
  });

  it('answers 401 without a token and never leaks a stack trace', async () => {
    const anonymous = await stack.api.get('/api/v1/me');
    expect(anonymous.status).toBe(401);
    const malformed = await stack.api.request('POST', '/api/v1/auth/login', undefined, { 'content-type': 'application/json' });
    expect(malformed.status).toBeLessThan(500);
    expect(JSON.stringify(malformed.body)).not.toMatch(/\bat .+\.js:\d+/);
  });
});
