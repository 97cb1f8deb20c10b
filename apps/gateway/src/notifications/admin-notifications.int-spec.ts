import 'reflect-metadata';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { BROADCAST_AUDIENCE_REQUIRED, BROADCAST_EXPIRY_INVALID, NotificationCommands, NotificationMessages } from '@portal/contracts';
import { adminActor, customerActor } from '../testing/builders';
import { FakeServiceError, GatewayHarness } from '../testing/gateway-harness';

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
      expect({ payload, status: refused.status, message: refused.body.message, code: refused.body.code, details: refused.body.details }).toEqual({
        payload,
        status: 400,
        message: BROADCAST_AUDIENCE_REQUIRED,
        code: 'broadcast_audience_invalid',
        details: [{ field: 'audience', message: BROADCAST_AUDIENCE_REQUIRED, code: 'broadcast_audience_invalid' }],
      });
    }
    for (const expiresAt of ['2030-W05-3', '2030-060', '2030-02-31', '2030-02-01T12:00:00+25:00']) {
      const refused = await send({ ...body, expiresAt, audience: { kind: 'all_customers' } });
      expect({ expiresAt, status: refused.status, message: refused.body.message, code: refused.body.code }).toEqual({ expiresAt, status: 400, message: BROADCAST_EXPIRY_INVALID, code: 'broadcast_expiry_invalid' });
    }
    expect(broadcast.requests).toHaveLength(0);

    const sent = await send({ ...body, expiresAt: '2030-02-28T12:00:00.000Z', audience: { kind: 'all_customers' } });
    expect(sent.status).toBe(200);
    expect(broadcast.requests[0].payload).toMatchObject({ expiresAt: '2030-02-28T12:00:00.000Z', audience: { kind: 'all_customers' } });
  });

  describe('failed emails: retry and dismiss', () => {
    const jobId = `${randomUUID()}.deposit-completed`;
    const retryPath = (id: string) => `/api/v1/admin/notifications/failed-emails/${id}/retry`;
    const dismissPath = (id: string) => `/api/v1/admin/notifications/failed-emails/${id}`;

    it('forwards both to the notification service for a role with the notifications permission, with the caller', async () => {
      const retry = await gateway.respond(NotificationCommands.retryFailedEmail, (request) => ({ jobId: request.payload.jobId, state: 'waiting' }));
      const dismiss = await gateway.respond(NotificationCommands.dismissFailedEmail, (request) => ({ jobId: request.payload.jobId }));
      try {
        const token = gateway.accessToken(adminActor({ adminRole: 'support' }));
        const retried = await request(gateway.baseUrl).post(retryPath(jobId)).set('authorization', `Bearer ${token}`);
        expect({ status: retried.status, body: retried.body }).toEqual({ status: 200, body: { jobId, state: 'waiting' } });
        const dismissed = await request(gateway.baseUrl).delete(dismissPath(jobId)).set('authorization', `Bearer ${token}`);
        expect({ status: dismissed.status, body: dismissed.body }).toEqual({ status: 200, body: { jobId } });
        expect(retry.requests.map((each) => [each.payload, each.meta.actor?.adminRole])).toEqual([[{ jobId }, 'support']]);
        expect(dismiss.requests.map((each) => each.payload)).toEqual([{ jobId }]);
      } finally {
        await retry.stop();
        await dismiss.stop();
      }
    });

    it('refuses customers and admins whose role lacks the permission with 403, before asking the notification service', async () => {
      const retry = await gateway.respond(NotificationCommands.retryFailedEmail, () => ({ jobId, state: 'waiting' }));
      const dismiss = await gateway.respond(NotificationCommands.dismissFailedEmail, () => ({ jobId }));
      try {
        for (const actor of [customerActor(), adminActor({ adminRole: 'admin' }), adminActor({ adminRole: 'moderator' })]) {
          const token = gateway.accessToken(actor);
          const retried = await request(gateway.baseUrl).post(retryPath(jobId)).set('authorization', `Bearer ${token}`);
          const dismissed = await request(gateway.baseUrl).delete(dismissPath(jobId)).set('authorization', `Bearer ${token}`);
          expect({ actor: actor.adminRole, retry: retried.status, dismiss: dismissed.status }).toEqual({ actor: actor.adminRole, retry: 403, dismiss: 403 });
        }
        const anonymous = await request(gateway.baseUrl).post(retryPath(jobId));
        expect(anonymous.status).toBe(401);
        expect(retry.requests).toHaveLength(0);
        expect(dismiss.requests).toHaveLength(0);
      } finally {
        await retry.stop();
        await dismiss.stop();
      }
    });

    it('answers 404 for an id that cannot name a failed email without asking, and passes on the service\'s 404 and 409', async () => {
      const retry = await gateway.respond(NotificationCommands.retryFailedEmail, () => {
        throw new FakeServiceError({ statusCode: 409, error: 'Conflict', message: NotificationMessages.failedEmailNoLongerFailed, code: 'failed_email_no_longer_failed' });
      });
      const dismiss = await gateway.respond(NotificationCommands.dismissFailedEmail, () => {
        throw new FakeServiceError({ statusCode: 404, error: 'Not Found', message: NotificationMessages.failedEmailNotFound, code: 'failed_email_not_found' });
      });
      try {
        const token = gateway.accessToken(adminActor({ adminRole: 'super_admin' }));
        for (const id of ['not-a-job', `${randomUUID()}.x%2F..%2Fy`]) {
          const refused = await request(gateway.baseUrl).post(retryPath(id)).set('authorization', `Bearer ${token}`);
          expect({ id, status: refused.status, message: refused.body.message }).toEqual({ id, status: 404, message: NotificationMessages.failedEmailNotFound });
        }
        expect(retry.requests).toHaveLength(0);
        const conflict = await request(gateway.baseUrl).post(retryPath(jobId)).set('authorization', `Bearer ${token}`);
        expect({ status: conflict.status, message: conflict.body.message }).toEqual({ status: 409, message: NotificationMessages.failedEmailNoLongerFailed });
        const missing = await request(gateway.baseUrl).delete(dismissPath(jobId)).set('authorization', `Bearer ${token}`);
        expect({ status: missing.status, message: missing.body.message }).toEqual({ status: 404, message: NotificationMessages.failedEmailNotFound });
      } finally {
        await retry.stop();
        await dismiss.stop();
      }
    });
  });
});
