import 'reflect-metadata';
import request from 'supertest';
import { IdentityCommands } from '@portal/contracts';
import { customerActor } from '../testing/builders';
import { GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

describe('the signed-in user’s security endpoints', () => {
  let gateway: GatewayHarness;

  useGatewayHarness('gateway-me-security', (started) => (gateway = started));

  it('forwards a password change with the caller as actor, and refuses one without a session', async () => {
    const actor = customerActor();
    const identity = await gateway.respond(IdentityCommands.changePassword, () => ({ changed: true, otherSessionsEnded: 2 }));
    const response = await request(gateway.baseUrl)
      .post('/api/v1/me/password')
      .set('authorization', `Bearer ${gateway.accessToken(actor)}`)
      .send({ currentPassword: 'old-phrase', newPassword: 'new-phrase' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ changed: true, otherSessionsEnded: 2 });
    expect(identity.requests[0].payload).toEqual({ currentPassword: 'old-phrase', newPassword: 'new-phrase' });
    expect(identity.requests[0].meta.actor).toMatchObject({ userId: actor.userId });

    expect((await request(gateway.baseUrl).post('/api/v1/me/password').send({ currentPassword: 'a', newPassword: 'b-b-b-b' })).status).toBe(401);
    const short = await request(gateway.baseUrl).post('/api/v1/me/password').set('authorization', `Bearer ${gateway.accessToken(actor)}`).send({ currentPassword: 'old-phrase', newPassword: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
  });

  it('refuses a profile change that sends null or another type for a name, the email or the password, asking identity nothing', async () => {
    const identity = await gateway.respond(IdentityCommands.updateProfile, () => ({}));
    const token = gateway.accessToken(customerActor());
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: null }, 'First name is required'],
      [{ lastName: null }, 'Last name is required'],
      [{ firstName: 42 }, 'First name is required'],
      [{ lastName: ['Lovelace'] }, 'Last name is required'],
      [{ email: null }, 'Please enter a valid email address'],
      [{ email: 'ada@example.test', currentPassword: null }, 'Current password is required'],
    ];
    for (const [body, message] of cases) {
      const response = await request(gateway.baseUrl).patch('/api/v1/me').set('authorization', `Bearer ${token}`).send(body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(response.body.message).toBe(message);
    }
    expect(identity.requests).toHaveLength(0);
  });

  it('passes only the two toggles on: two-factor is never set through PUT /me/security', async () => {
    const actor = customerActor();
    const identity = await gateway.respond(IdentityCommands.updateSecurityPreferences, ({ payload }) => ({ twoFactorEnabled: false, ...payload }));
    const response = await request(gateway.baseUrl)
      .put('/api/v1/me/security')
      .set('authorization', `Bearer ${gateway.accessToken(actor)}`)
      .send({ loginAlerts: false, biometricLogin: true, twoFactorEnabled: true });
    expect(response.status).toBe(200);
    expect(identity.requests[0].payload).toEqual({ loginAlerts: false, biometricLogin: true });
    expect(response.body).toEqual({ twoFactorEnabled: false, loginAlerts: false, biometricLogin: true });
  });
});
