import 'reflect-metadata';
import request from 'supertest';
import { IdentityCommands } from '@portal/contracts';
import { freePort } from '@portal/testing';
import { customerActor, sessionUser } from '../testing/builders';
import { GatewayHarness } from '../testing/gateway-harness';

describe('gateway metrics', () => {
  let gateway: GatewayHarness;
  let operationsPort: number;

  beforeAll(async () => {
    operationsPort = await freePort();
    gateway = await GatewayHarness.start('gateway-metrics', { HEALTH_PORT: String(operationsPort) });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('times the requests just answered by route pattern and status, on the operations port only', async () => {
    const actor = customerActor();
    await gateway.respond(IdentityCommands.getCurrentUser, () => sessionUser({ id: actor.userId }));
    expect((await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${gateway.accessToken(actor)}`)).status).toBe(200);
    expect((await request(gateway.baseUrl).get('/api/v1/me')).status).toBe(401);

    const metrics = await fetch(`http://127.0.0.1:${operationsPort}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/portal_http_request_duration_seconds_count\{[^}]*method="GET",route="\/api\/v1\/me",status="200"[^}]*\} [1-9]/);
    expect(text).toMatch(/portal_http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/me",status="401"[^}]*\} [1-9]/);

    const publicly = await request(gateway.baseUrl).get('/metrics');
    expect(publicly.status).toBe(404);
    expect(publicly.body).toMatchObject({ statusCode: 404 });
    await gateway.stopResponders();
  });
});
