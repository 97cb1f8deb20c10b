import 'reflect-metadata';
import request from 'supertest';
import { IdentityCommands, LedgerEarningsCommands } from '@portal/contracts';
import { adminActor, customerActor } from '../testing/builders';
import { GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const figures = { feesEarned: '10.00', returnsPaid: '31.00', returnsAccrued: '128.34', assetsUnderManagement: '10128.34' };
const earnings = { from: '2027-02-01T00:00:00.000Z', to: '2027-03-01T00:00:00.000Z', currency: 'USD', ...figures, byCurrency: [{ currency: 'USD', ...figures }] };
const schedule = { from: '2027-01-14', to: '2027-04-13', days: 90, currency: 'USD', items: [], byCurrency: [{ currency: 'USD', items: [] }] };

describe("treasury's earnings actuals and maturity schedule", () => {
  let gateway: GatewayHarness;

  useGatewayHarness('gateway-treasury', (started) => (gateway = started));

  beforeEach(async () => {
    await gateway.grantRolePermissions();
    await gateway.respond(IdentityCommands.recordSecurityEvent, () => ({ id: 'audit-id' }));
  });

  const get = (path: string, actor = adminActor()) => request(gateway.baseUrl).get(path).set('authorization', `Bearer ${gateway.accessToken(actor)}`);

  it('asks the ledger for the window, a date-only end included whole, passing the admin on', async () => {
    const ledger = await gateway.respond(LedgerEarningsCommands.earnings, () => earnings);
    const admin = adminActor();
    const response = await get('/api/v1/admin/earnings?from=2027-02-01&to=2027-02-28', admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(earnings);
    expect(ledger.requests[0].payload).toEqual({ from: '2027-02-01T00:00:00.000Z', to: '2027-03-01T00:00:00.000Z' });
    expect(ledger.requests[0].meta.actor).toMatchObject({ userId: admin.userId, adminRole: 'super_admin' });

    expect((await get('/api/v1/admin/earnings?from=2027-02-01')).body).toMatchObject({ statusCode: 400, message: 'to must be an ISO date' });
    expect((await get('/api/v1/admin/earnings?from=2027-03-01&to=2027-02-01')).body).toMatchObject({ statusCode: 400, message: 'from must be before to' });
    expect((await get('/api/v1/admin/earnings?from=2025-01-01&to=2027-02-01')).body).toMatchObject({ statusCode: 400, message: 'A report covers at most 366 days' });
    expect(ledger.requests).toHaveLength(1);
  });

  it('asks for the next 90 days unless told, and at most a year', async () => {
    const ledger = await gateway.respond(LedgerEarningsCommands.maturities, () => schedule);
    expect((await get('/api/v1/admin/maturities')).body).toEqual(schedule);
    await get('/api/v1/admin/maturities?days=30');
    expect(ledger.requests.map((entry) => entry.payload)).toEqual([{ days: 90 }, { days: 30 }]);
    for (const days of ['0', '366', 'many', '1.5']) {
      expect((await get(`/api/v1/admin/maturities?days=${days}`)).body).toMatchObject({ statusCode: 400, message: 'days must be a whole number from 1 to 365' });
    }
    expect(ledger.requests).toHaveLength(2);
  });

  it('refuses customers and admins whose role lacks the reports permission, before the ledger is asked', async () => {
    const ledger = await gateway.respond(LedgerEarningsCommands.earnings, () => earnings);
    const maturities = await gateway.respond(LedgerEarningsCommands.maturities, () => schedule);
    for (const path of ['/api/v1/admin/earnings?from=2027-02-01&to=2027-02-28', '/api/v1/admin/maturities']) {
      expect((await get(path, customerActor())).status).toBe(403);
      expect((await get(path, adminActor({ adminRole: 'admin' }))).body).toMatchObject({ statusCode: 403, code: 'admin_role_lacks_permission', params: { permission: 'reports' } });
    }
    expect(ledger.requests).toHaveLength(0);
    expect(maturities.requests).toHaveLength(0);
  });
});
