import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { IdentityCommands, LedgerCommands } from '@portal/contracts';
import { adminActor, customerActor } from '../testing/builders';
import { GatewayHarness } from '../testing/gateway-harness';

jest.setTimeout(60_000);

const transaction = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-0000000000aa',
  type: 'deposit',
  status: 'completed',
  amount: '1200.00',
  currency: 'USD',
  method: 'bank',
  methodLabel: 'Bank Transfer',
  reference: 'DP-1',
  description: 'Deposit',
  details: {},
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  client: { id: '00000000-0000-4000-8000-0000000000aa', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
};

/** The counters are per minute window: start a test well inside one, so it cannot straddle two. */
async function awayFromWindowEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Exports and broadcasts count against limits of their own, per address, on top of the general one. */
describe('rate limits of exports and broadcasts', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await GatewayHarness.start('gateway-heavy-limits', { RATE_LIMIT_EXPORTS_PER_MINUTE: '2', RATE_LIMIT_BROADCASTS_PER_MINUTE: '1' });
  });

  afterAll(async () => {
    await gateway?.close();
  });

  beforeEach(async () => {
    await gateway.redis.flushdb();
    await gateway.grantRolePermissions();
    await awayFromWindowEdge();
  });

  afterEach(async () => {
    await gateway.stopResponders();
  });

  it('refuses the export past the limit with 429 and the standard message, while ordinary reads go on', async () => {
    await gateway.respond(LedgerCommands.listTransactions, () => ({ items: [transaction], nextCursor: null, total: 1, totalCapped: false }));
    const audit = await gateway.respond(IdentityCommands.recordDataExport, () => ({ id: randomUUID() }));
    const token = `Bearer ${gateway.accessToken(adminActor())}`;
    const get = (path: string) => request(gateway.baseUrl).get(path).set('authorization', token);

    expect((await get('/api/v1/admin/transactions?format=csv')).status).toBe(200);
    // Case and a trailing slash reach the same route, and the same counter.
    expect((await get('/API/v1/admin/Transactions/?format=xlsx')).status).toBe(200);
    const limited = await get('/api/v1/admin/transactions?format=csv');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'Too many requests. Please try again later.', code: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    expect(limited.headers['content-disposition']).toBeUndefined();
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(audit.requests).toHaveLength(2);

    // The same list as the screen shows it is an ordinary read, under the general limit only.
    const list = await get('/api/v1/admin/transactions');
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    // Every export of the address shares the counter: a customer's own data export too.
    const own = await request(gateway.baseUrl).get('/api/v1/me/export').set('authorization', `Bearer ${gateway.accessToken(customerActor())}`);
    expect(own.status).toBe(429);
    expect(own.body.code).toBe('rate_limited');
  });

  it('refuses the broadcast past the limit with 429, while the rest of the admin API answers', async () => {
    const token = `Bearer ${gateway.accessToken(adminActor())}`;
    // Refused for its body, but counted: the limit is on attempts.
    const first = await request(gateway.baseUrl).post('/api/v1/admin/notifications/broadcast').set('authorization', token).send({});
    expect(first.status).toBe(400);
    const second = await request(gateway.baseUrl).post('/api/v1/admin/notifications/Broadcast/').set('authorization', token).send({});
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ statusCode: 429, message: 'Too many requests. Please try again later.', code: 'rate_limited' });
    await gateway.respond(LedgerCommands.listTransactions, () => ({ items: [], nextCursor: null, total: 0, totalCapped: false }));
    expect((await request(gateway.baseUrl).get('/api/v1/admin/transactions').set('authorization', token)).status).toBe(200);
  });

  it('keeps the export and broadcast counters in Redis beside the general one', async () => {
    await request(gateway.baseUrl).post('/api/v1/admin/notifications/broadcast').set('authorization', `Bearer ${gateway.accessToken(adminActor())}`).send({});
    const keys = (await gateway.redis.keys('gateway:rate-limit:*')).map((key) => key.split(':')[2]).sort();
    expect(keys).toEqual(['api', 'broadcasts']);
  });
});
