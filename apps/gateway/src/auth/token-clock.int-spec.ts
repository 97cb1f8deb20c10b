import 'reflect-metadata';
import request from 'supertest';
import { IdentityCommands } from '@portal/contracts';
import { customerActor, sessionUser } from '../testing/builders';
import { GatewayHarness } from '../testing/gateway-harness';

// A stack moved forward with CLOCK_OFFSET_DAYS: identity signs by the moved clock, and the
// gateway judges a token's expiry by the same clock, not by the wall clock.
describe('access tokens judged by the service clock', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start('gateway_token_clock', { CLOCK_OFFSET_DAYS: '200' });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  const me = (token: string) => request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${token}`);

  it('accepts a token issued by the moved clock and refuses one that expired by it, though the wall clock says otherwise', async () => {
    const identity = await gateway.respond(IdentityCommands.getCurrentUser, () => sessionUser());
    const moved = new Date(Date.now() + 200 * 86_400_000);
    expect((await me(gateway.accessToken(customerActor(), { issuedAt: moved }))).status).toBe(200);
    // Valid for five minutes by the wall clock, long expired by the service's.
    const response = await me(gateway.accessToken(customerActor()));
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('token_expired');
    expect(identity.requests).toHaveLength(1);
  });
});
