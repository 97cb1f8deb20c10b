import 'reflect-metadata';
import { spawn } from 'node:child_process';
import request from 'supertest';
import { BACKEND_SERVICES, healthCommand, IdentityCommands, ServiceHealth } from '@portal/contracts';
import { waitForPort } from '@portal/testing';
import { adminActor, customerActor } from '../testing/builders';
import { GatewayHarness } from '../testing/gateway-harness';

function healthy(service: (typeof BACKEND_SERVICES)[number], status: 'up' | 'down' = 'up'): ServiceHealth {
  return { service, status, instance: `${service}-host:1`, dependencies: [{ name: 'postgres', status }] };
}

describe('gateway health', () => {
  let gateway: GatewayHarness;
  let closed = false;

  beforeAll(async () => {
    gateway = await GatewayHarness.start('gateway-health');
  });

  afterAll(async () => {
    if (!closed) await gateway?.close();
  });

  afterEach(async () => {
    await gateway.stopResponders();
  });

  it('answers liveness without asking anything', async () => {
    const response = await request(gateway.baseUrl).get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('stays ready while services are missing, and reports them, quickly, at /health/services', async () => {
    await gateway.respond(healthCommand('identity'), () => healthy('identity'));
    const ready = await request(gateway.baseUrl).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.body).toEqual({ status: 'up', dependencies: [{ name: 'nats', status: 'up' }, { name: 'redis', status: 'up' }] });

    const startedAt = Date.now();
    const response = await request(gateway.baseUrl).get('/health/services');
    // Missing services answer at once (no responders); the bound only catches a hang.
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(response.status).toBe(503);
    expect(response.body.services).toHaveLength(BACKEND_SERVICES.length);
    expect(response.body.services).toContainEqual({ service: 'identity', status: 'up' });
    expect(response.body.services).toContainEqual({ service: 'ledger', status: 'down' });
    expect(JSON.stringify(response.body)).not.toContain('identity-host');

    const details = await request(gateway.baseUrl).get('/api/v1/admin/health').set('authorization', `Bearer ${gateway.accessToken(adminActor())}`);
    expect(details.status).toBe(200);
    expect(details.body.services).toContainEqual({ service: 'identity', status: 'up', instances: ['identity-host:1'], dependencies: [{ name: 'postgres', status: 'up' }] });
    expect(details.body.services).toContainEqual({ service: 'ledger', status: 'down', error: 'The ledger service is unavailable. Please try again shortly.' });
    const asCustomer = await request(gateway.baseUrl).get('/api/v1/admin/health').set('authorization', `Bearer ${gateway.accessToken(customerActor())}`);
    expect(asCustomer.status).toBe(403);
  });

  it('reports every service up when all answer', async () => {
    for (const service of BACKEND_SERVICES) await gateway.respond(healthCommand(service), () => healthy(service));
    const response = await request(gateway.baseUrl).get('/health/services');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('up');
    expect(response.body.services.map((entry: { service: string; status: string }) => [entry.service, entry.status])).toEqual(BACKEND_SERVICES.map((service) => [service, 'up']));
  });

  it('reports a service down when its own dependency is down, or it answers too slowly', async () => {
    for (const service of BACKEND_SERVICES.filter((name) => name !== 'kyc' && name !== 'support')) await gateway.respond(healthCommand(service), () => healthy(service));
    await gateway.respond(healthCommand('kyc'), () => healthy('kyc', 'down'));
    // Far slower than the check's own 1.5 s limit, so the bound below tells waiting from not waiting with a wide margin.
    await gateway.respond(healthCommand('support'), () => healthy('support'), { delayMs: 30_000 });
    const startedAt = Date.now();
    const response = await request(gateway.baseUrl).get('/health/services');
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(response.status).toBe(503);
    expect(response.body.services).toContainEqual({ service: 'kyc', status: 'down' });
    expect(response.body.services).toContainEqual({ service: 'support', status: 'down' });
  });

  // Last: it stops this suite's Redis, then starts a new one on the same port.
  it('without Redis: reports it down, refuses to trust tokens (503), keeps public endpoints open, and recovers', async () => {
    await gateway.respond(IdentityCommands.getPublicSettings, () => ({ supportedCurrencies: ['USD'] }));
    await gateway.respond(IdentityCommands.getCurrentUser, () => ({ id: 'me' }));
    const token = gateway.accessToken(customerActor());
    // Accepted once, so the token is among those verified recently: its next check must fail closed too.
    expect((await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${token}`)).status).toBe(200);
    await gateway.infrastructure.redis.stop();

    const ready = await request(gateway.baseUrl).get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.dependencies).toContainEqual(expect.objectContaining({ name: 'redis', status: 'down' }));

    const startedAt = Date.now();
    const me = await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${gateway.accessToken(customerActor())}`);
    expect(me.status).toBe(503);
    expect(me.body.message).toBe('Your sign-in cannot be checked right now. Please try again shortly.');
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    const known = await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${token}`);
    expect(known.status).toBe(503);
    expect(known.body.code).toBe('session_check_unavailable');

    const settings = await request(gateway.baseUrl).get('/api/v1/settings/public');
    expect(settings.status).toBe(200);

    const { port } = gateway.infrastructure.redis;
    const restarted = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    try {
      await waitForPort(port);
      let status = 0;
      const deadline = Date.now() + 10_000;
      while (status !== 200 && Date.now() < deadline) {
        status = (await request(gateway.baseUrl).get('/api/v1/me').set('authorization', `Bearer ${token}`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      // Closed while Redis is up, so the clients can say goodbye instead of waiting on a dead socket.
      await gateway.close();
      closed = true;
    } finally {
      restarted.kill();
    }
  });
});
