import 'reflect-metadata';
import request from 'supertest';
import { IdentityCommands, revokedSessionKey } from '@portal/contracts';
import { adminActor, customerActor } from '../testing/builders';
import { GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

describe('sessions and devices at the gateway', () => {
  let gateway: GatewayHarness;

  useGatewayHarness('gateway-session-devices', (started) => (gateway = started));

  it('forwards the caller’s list and endings with the caller as actor', async () => {
    const actor = customerActor();
    const token = `Bearer ${gateway.accessToken(actor)}`;
    const list = await gateway.respond(IdentityCommands.listMySessions, () => ({ items: [] }));
    const endOne = await gateway.respond(IdentityCommands.endMySession, () => ({ ended: 1 }));
    const endOthers = await gateway.respond(IdentityCommands.endMyOtherSessions, () => ({ ended: 2 }));
    const sessionId = '5f0c7c1e-54a8-4bb4-8d6a-1ad0b5a1a001';

    expect((await request(gateway.baseUrl).get('/api/v1/me/sessions').set('authorization', token)).body).toEqual({ items: [] });
    expect((await request(gateway.baseUrl).delete(`/api/v1/me/sessions/${sessionId}`).set('authorization', token)).body).toEqual({ ended: 1 });
    expect((await request(gateway.baseUrl).delete('/api/v1/me/sessions').set('authorization', token)).body).toEqual({ ended: 2 });
    expect(endOne.requests[0].payload).toEqual({ sessionId });
    for (const responder of [list, endOne, endOthers]) expect(responder.requests[0].meta.actor).toMatchObject({ userId: actor.userId, sessionId: actor.sessionId });
  });

  it('answers 404 for a session id that is no UUID and 401 without a live session, asking identity nothing', async () => {
    const identity = await gateway.respond(IdentityCommands.endMySession, () => ({ ended: 1 }));
    const actor = customerActor();
    const malformed = await request(gateway.baseUrl).delete('/api/v1/me/sessions/not-a-session').set('authorization', `Bearer ${gateway.accessToken(actor)}`);
    expect(malformed.status).toBe(404);
    expect(malformed.body).toMatchObject({ code: 'sign_in_session_not_found', message: 'This session has already ended or does not exist.' });
    expect((await request(gateway.baseUrl).get('/api/v1/me/sessions')).status).toBe(401);

    // An ended session's access token is refused at once: identity marked it revoked.
    await gateway.redis.set(revokedSessionKey(actor.sessionId), 'signed_out', 'EX', 60);
    const ended = await request(gateway.baseUrl).get('/api/v1/me/sessions').set('authorization', `Bearer ${gateway.accessToken(actor)}`);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('session_ended');
    expect(identity.requests).toHaveLength(0);
  });

  it("lets admins with the users permission see and end a user's sessions, and refuses the others", async () => {
    await gateway.grantRolePermissions();
    const list = await gateway.respond(IdentityCommands.listUserSessions, () => ({ items: [] }));
    const end = await gateway.respond(IdentityCommands.endUserSession, () => ({ ended: 1 }));
    const userId = '5f0c7c1e-54a8-4bb4-8d6a-1ad0b5a1a002';
    const sessionId = '5f0c7c1e-54a8-4bb4-8d6a-1ad0b5a1a003';
    const moderator = `Bearer ${gateway.accessToken(adminActor({ adminRole: 'moderator' }))}`;
    const support = `Bearer ${gateway.accessToken(adminActor({ adminRole: 'support' }))}`;

    expect((await request(gateway.baseUrl).get(`/api/v1/admin/users/${userId}/sessions`).set('authorization', moderator)).status).toBe(200);
    expect((await request(gateway.baseUrl).delete(`/api/v1/admin/users/${userId}/sessions/${sessionId}`).set('authorization', moderator)).body).toEqual({ ended: 1 });
    expect(list.requests[0].payload).toEqual({ userId });
    expect(end.requests[0].payload).toEqual({ userId, sessionId });

    expect((await request(gateway.baseUrl).get(`/api/v1/admin/users/${userId}/sessions`).set('authorization', support)).status).toBe(403);
    expect((await request(gateway.baseUrl).get(`/api/v1/admin/users/${userId}/sessions`).set('authorization', `Bearer ${gateway.accessToken(customerActor())}`)).status).toBe(403);
    expect((await request(gateway.baseUrl).delete(`/api/v1/admin/users/${userId}/sessions/nope`).set('authorization', moderator)).status).toBe(404);
    expect((await request(gateway.baseUrl).get('/api/v1/admin/users/nope/sessions').set('authorization', moderator)).status).toBe(404);
    expect(list.requests).toHaveLength(1);
    expect(end.requests).toHaveLength(1);
  });

  it('takes the emailed link’s token without a sign-in, and refuses a body without one', async () => {
    const identity = await gateway.respond(IdentityCommands.endSessionFromLink, () => ({ ended: true }));
    expect((await request(gateway.baseUrl).post('/api/v1/auth/end-session').send({ token: 'emailed-token' })).body).toEqual({ ended: true });
    expect(identity.requests[0].payload).toEqual({ token: 'emailed-token' });
    for (const body of [{}, { token: null }, { token: 42 }, { token: '' }]) {
      const refused = await request(gateway.baseUrl).post('/api/v1/auth/end-session').send(body);
      expect({ body, status: refused.status }).toEqual({ body, status: 400 });
    }
    expect(identity.requests).toHaveLength(1);
  });
});
