import 'reflect-metadata';
import request from 'supertest';
import { BROADCAST_AUDIENCE_REQUIRED, BROADCAST_EXPIRY_INVALID, NotificationCommands } from '@portal/contracts';
import { adminActor } from '../testing/builders';
import { GatewayHarness } from '../testing/gateway-harness';

describe('admin broadcasts at the gateway', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start('gateway-admin-notifications');
    await gateway.grantRolePermissions();
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const body = { title: 'Scheduled Maintenance', message: 'Down tonight', type: 'warning' };

  it('refuses a broadcast without an audience, or with an expiry that is no real date, with 400 before asking the notification service', async () => {
    const broadcast = await gateway.respond(NotificationCommands.broadcast, () => ({ broadcastId: 'never', recipientCount: 1, message: 'Notification broadcast to 1 users' }));
    const token = gateway.accessToken(adminActor({ adminRole: 'support' }));
    const send = (payload: Record<string, unknown>) => request(gateway.baseUrl).post('/api/v1/admin/notifications/broadcast').set('authorization', `Bearer ${token}`).send(payload);

    for (const payload of [body, { ...body, audience: null }, { ...body, audience: 'all_customers' }]) {
      const refused = await send(payload);
      expect({ payload, status: refused.status, message: refused.body.message, details: refused.body.details }).toEqual({
        payload,
        status: 400,
        message: BROADCAST_AUDIENCE_REQUIRED,
        details: [{ field: 'audience', message: BROADCAST_AUDIENCE_REQUIRED }],
      });
    }
    for (const expiresAt of ['2030-W05-3', '2030-060', '2030-02-31', '2030-02-01T12:00:00+25:00']) {
      const refused = await send({ ...body, expiresAt, audience: { kind: 'all_customers' } });
      expect({ expiresAt, status: refused.status, message: refused.body.message }).toEqual({ expiresAt, status: 400, message: BROADCAST_EXPIRY_INVALID });
    }
    expect(broadcast.requests).toHaveLength(0);

    const sent = await send({ ...body, expiresAt: '2030-02-28T12:00:00.000Z', audience: { kind: 'all_customers' } });
    expect(sent.status).toBe(200);
    expect(broadcast.requests[0].payload).toMatchObject({ expiresAt: '2030-02-28T12:00:00.000Z', audience: { kind: 'all_customers' } });
  });
});
