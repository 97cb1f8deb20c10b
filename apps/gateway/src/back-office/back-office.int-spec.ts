import 'reflect-metadata';
import request from 'supertest';
import {
  ApplicationsBackOfficeCommands,
  IdentityBackOfficeCommands,
  IdentityCommands,
  KycBackOfficeCommands,
  LedgerBackOfficeCommands,
} from '@portal/contracts';
import { adminActor, customerActor } from '../testing/builders';
import { GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const identityStats = { totalUsers: 3, active: 2, suspended: 1, pending: 0, customers: 2, admins: 1 };
const kycStats = { pending: 1, verified: 1, rejected: 0, documentsPending: 2 };
const ledgerStats = {
  lockedTotal: [{ currency: 'USD', amount: '1500.00' }],
  lockedDeposits: 1,
  earnings: [{ currency: 'USD', totalInvested: '1000.00', totalReturns: '0.00', platformFees: '0.00', roiRate: 0 }],
  latest: [],
};
const identityReport = { newUsers: 2, byType: [{ label: 'customer', count: 2 }], byStatus: [{ label: 'active', count: 2 }], perDay: [{ date: '2026-11-20', count: 2 }] };
const kycReport = { outcomes: [], documentsSubmitted: 0, documentReviews: [], perDay: [] };
const applicationsReport = { submitted: 1, byType: [{ label: 'personal', count: 1 }], byStatus: [{ label: 'pending', count: 1 }], requested: [{ currency: 'USD', amount: '5000.00' }], perDay: [] };
const ledgerReport = {
  transactions: 2,
  volumes: [
    { type: 'deposit', status: 'completed', currency: 'USD', count: 1, amount: '1000.00' },
    { type: 'withdrawal', status: 'pending', currency: 'USD', count: 1, amount: '150.00' },
  ],
  fees: [],
  totalVolume: [{ currency: 'USD', amount: '1150.00' }],
  perDay: [],
};

describe('the back office overview and reports', () => {
  let gateway: GatewayHarness;

  useGatewayHarness('gateway-back-office', (started) => (gateway = started));

  beforeEach(async () => {
    await gateway.grantRolePermissions();
  });

  const get = (path: string, actor = adminActor()) => request(gateway.baseUrl).get(path).set('authorization', `Bearer ${gateway.accessToken(actor)}`);

  it('composes the overview from each service, passing the admin on', async () => {
    const identity = await gateway.respond(IdentityBackOfficeCommands.stats, () => identityStats);
    await gateway.respond(KycBackOfficeCommands.stats, () => kycStats);
    await gateway.respond(ApplicationsBackOfficeCommands.stats, () => ({ totalInvestments: 1, personal: 1, corporate: 0, gipp: 0, pendingApprovals: 1 }));
    await gateway.respond(LedgerBackOfficeCommands.stats, () => ledgerStats);
    const admin = adminActor();
    const response = await get('/api/v1/admin/stats', admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      generatedAt: expect.any(String),
      users: { available: true, message: null, permitted: true, data: identityStats },
      kyc: { available: true, message: null, permitted: true, data: kycStats },
      investments: { available: true, message: null, permitted: true, data: { totalInvestments: 1, personal: 1, corporate: 0, gipp: 0, pendingApprovals: 1 } },
      money: { available: true, message: null, permitted: true, data: ledgerStats },
    });
    expect(identity.requests[0].meta.actor).toMatchObject({ userId: admin.userId, userType: 'admin' });
  });

  it("gives each admin only the sections their role's permissions cover, without asking for the others", async () => {
    await gateway.respond(IdentityBackOfficeCommands.stats, () => identityStats);
    await gateway.respond(KycBackOfficeCommands.stats, () => kycStats);
    const applications = await gateway.respond(ApplicationsBackOfficeCommands.stats, () => ({ totalInvestments: 1, personal: 1, corporate: 0, gipp: 0, pendingApprovals: 1 }));
    const ledger = await gateway.respond(LedgerBackOfficeCommands.stats, () => ledgerStats);
    const withheld = { available: false, message: null, permitted: false, data: null };
    // A moderator has users and kyc: no customer money, no investment totals.
    const moderator = await get('/api/v1/admin/stats', adminActor({ adminRole: 'moderator' }));
    expect(moderator.status).toBe(200);
    expect(moderator.body).toMatchObject({ users: { permitted: true, data: identityStats }, kyc: { permitted: true, data: kycStats }, investments: withheld, money: withheld });
    // Support has none of the four.
    const support = await get('/api/v1/admin/stats', adminActor({ adminRole: 'support' }));
    expect(support.body).toMatchObject({ users: withheld, kyc: withheld, investments: withheld, money: withheld });
    expect(JSON.stringify(support.body)).not.toContain('lockedTotal');
    expect(applications.requests).toHaveLength(0);
    expect(ledger.requests).toHaveLength(0);
  });

  it('marks a section whose service is down unavailable, and still answers the others (not a 500)', async () => {
    await gateway.respond(IdentityBackOfficeCommands.stats, () => identityStats);
    await gateway.respond(ApplicationsBackOfficeCommands.stats, () => ({ totalInvestments: 0, personal: 0, corporate: 0, gipp: 0, pendingApprovals: 0 }));
    await gateway.respond(LedgerBackOfficeCommands.stats, () => ledgerStats);
    // No kyc responder: the service is down.
    const response = await get('/api/v1/admin/stats');
    expect(response.status).toBe(200);
    expect(response.body.kyc).toEqual({ available: false, message: 'The kyc service is unavailable. Please try again shortly.', permitted: true, data: null });
    expect(response.body.users).toEqual({ available: true, message: null, permitted: true, data: identityStats });
    expect(response.body.money.available).toBe(true);
  });

  it('refuses a customer', async () => {
    await gateway.respond(IdentityCommands.recordSecurityEvent, () => ({ id: 'audit-id' }));
    expect((await get('/api/v1/admin/stats', customerActor())).status).toBe(403);
    expect((await get('/api/v1/admin/reports', customerActor())).status).toBe(403);
  });

  it('asks each service for the same window of the period, and exports a tab with the figures of the JSON', async () => {
    const identity = await gateway.respond(IdentityBackOfficeCommands.report, () => identityReport);
    const kyc = await gateway.respond(KycBackOfficeCommands.report, () => kycReport);
    await gateway.respond(ApplicationsBackOfficeCommands.report, () => applicationsReport);
    const ledger = await gateway.respond(LedgerBackOfficeCommands.report, () => ledgerReport);
    const exportAudit = await gateway.respond(IdentityCommands.recordDataExport, () => ({ id: 'audit-id' }));

    const weekly = await get('/api/v1/admin/reports?period=weekly');
    expect(weekly.status).toBe(200);
    expect(weekly.body).toMatchObject({ period: 'weekly', hasData: true, users: { available: true, data: identityReport }, money: { data: ledgerReport } });
    const { from, to } = identity.requests[0].payload as { from: string; to: string };
    expect(Date.parse(to) - Date.parse(from)).toBe(7 * 86_400_000);
    expect(kyc.requests[0].payload).toEqual({ from, to });
    expect(ledger.requests[0].payload).toEqual({ from, to });

    const custom = await get('/api/v1/admin/reports?period=custom&from=2026-11-01&to=2026-11-15');
    expect(custom.body).toMatchObject({ period: 'custom', from: '2026-11-01T00:00:00.000Z', to: '2026-11-16T00:00:00.000Z' });

    const csv = await get('/api/v1/admin/reports?period=weekly&format=csv&tab=financial');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="report-weekly-financial-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text.split('\r\n')).toEqual([
      'Section,Item,Currency,Count,Amount',
      'Transaction volume,deposit completed,USD,1,1000.00',
      'Transaction volume,withdrawal pending,USD,1,150.00',
      'Total volume,All transactions,USD,,1150.00',
      'Applications,Amount applied for,USD,1,5000.00',
      '',
    ]);

    const xlsx = await get('/api/v1/admin/reports?period=weekly&format=xlsx&tab=users').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    // Each file, and only the files, was recorded in the audit trail first.
    expect(exportAudit.requests.map((entry) => entry.payload)).toEqual([
      { dataset: 'report_financial', format: 'csv', filters: { period: 'weekly', from: expect.any(String), to: expect.any(String) } },
      { dataset: 'report_users', format: 'xlsx', filters: { period: 'weekly', from: expect.any(String), to: expect.any(String) } },
    ]);
  });

  it('answers No report data available for an empty period, and refuses a bad period or range', async () => {
    await gateway.respond(IdentityBackOfficeCommands.report, () => ({ ...identityReport, newUsers: 0, byType: [], byStatus: [], perDay: [] }));
    await gateway.respond(KycBackOfficeCommands.report, () => kycReport);
    await gateway.respond(ApplicationsBackOfficeCommands.report, () => ({ ...applicationsReport, submitted: 0, byType: [], byStatus: [], requested: [] }));
    await gateway.respond(LedgerBackOfficeCommands.report, () => ({ ...ledgerReport, transactions: 0, volumes: [], totalVolume: [] }));
    const json = await get('/api/v1/admin/reports?period=daily');
    expect(json.status).toBe(200);
    expect(json.body.hasData).toBe(false);
    const file = await get('/api/v1/admin/reports?period=daily&format=csv');
    expect(file.status).toBe(404);
    expect(file.body.message).toBe('No report data available');

    expect((await get('/api/v1/admin/reports?period=yearly')).body).toMatchObject({ statusCode: 400, message: 'period must be one of daily, weekly, monthly, custom' });
    expect((await get('/api/v1/admin/reports?period=custom&from=2026-11-01')).body).toMatchObject({ statusCode: 400, message: 'to must be an ISO date' });
    expect((await get('/api/v1/admin/reports?period=custom&from=2026-11-10&to=2026-11-01')).body).toMatchObject({ statusCode: 400, message: 'from must be before to' });
    expect((await get('/api/v1/admin/reports?format=pdf')).body).toMatchObject({ statusCode: 400, message: 'format must be csv or xlsx' });
  });

  it('answers 400, not 500, for an ISO form a date cannot be read from (basic, week or hour-only)', async () => {
    const identity = await gateway.respond(IdentityCommands.listAuditLogs, () => ({ items: [], nextCursor: null, total: 0 }));
    for (const bad of ['20261101', '2026-W45', '2026-11-01T10']) {
      expect((await get(`/api/v1/admin/reports?period=custom&from=${bad}&to=2026-11-20`)).body).toMatchObject({ statusCode: 400, message: 'from must be an ISO date' });
      expect((await get(`/api/v1/admin/reports?period=custom&from=2026-11-01&to=${bad}`)).body).toMatchObject({ statusCode: 400, message: 'to must be an ISO date' });
      expect((await get(`/api/v1/admin/audit-logs?from=${bad}`)).body).toMatchObject({ statusCode: 400, message: 'from must be an ISO date' });
      expect((await get(`/api/v1/admin/audit-logs?to=${bad}`)).body).toMatchObject({ statusCode: 400, message: 'to must be an ISO date' });
    }
    expect(identity.requests).toHaveLength(0);
  });

  it('passes the audit log filters on and streams every page of the log as a file', async () => {
    const actorUserId = '6f1c1a52-4b7e-4c1e-9d55-0d1f6a2b3c4d';
    const entry = (n: number) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      category: 'admin_action',
      actionType: 'user_suspended',
      actorUserId,
      actorEmail: 'admin@example.test',
      targetType: 'user',
      targetId: 'u-1',
      description: `Suspended a user, number ${n}`,
      metadata: { n },
      clientIp: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    const identity = await gateway.respond(IdentityCommands.listAuditLogs, (request) => {
      const payload = request.payload as { cursor?: string };
      return payload.cursor ? { items: [entry(2)], nextCursor: null, total: 2 } : { items: [entry(1)], nextCursor: entry(1).id, total: 2 };
    });
    const exportAudit = await gateway.respond(IdentityCommands.recordDataExport, () => ({ id: 'audit-id' }));
    const page = await get(`/api/v1/admin/audit-logs?actorUserId=${actorUserId}&action=user_suspended&from=2026-11-01&to=2026-11-20&limit=1`);
    expect(page.status).toBe(200);
    expect(identity.requests[0].payload).toEqual({ actorUserId, actionType: 'user_suspended', from: '2026-11-01T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z', limit: 1 });

    const csv = await get(`/api/v1/admin/audit-logs?actorUserId=${actorUserId}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="audit-logs-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(`2026-11-20,10:00:00,admin_action,User suspended,user_suspended,admin@example.test,${actorUserId},user,u-1,"Suspended a user, number 1",,"{""n"":1}"`);
    expect(identity.requests[2].payload).toMatchObject({ actorUserId, cursor: entry(1).id, limit: 100 });
    expect(exportAudit.requests.map((entry) => entry.payload)).toEqual([{ dataset: 'audit_logs', format: 'csv', filters: { actorUserId } }]);

    expect((await get('/api/v1/admin/audit-logs?action=DROP TABLE')).status).toBe(400);
  });
});
