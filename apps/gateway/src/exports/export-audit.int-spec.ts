import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Workbook } from 'exceljs';
import request from 'supertest';
import { ApplicationsBackOfficeCommands, IdentityBackOfficeCommands, IdentityCommands, KycBackOfficeCommands, LedgerBackOfficeCommands, LedgerCommands } from '@portal/contracts';
import { adminActor } from '../testing/builders';
import { FakeResponder, FakeServiceError, GatewayHarness, useGatewayHarness } from '../testing/gateway-harness';

const UNAVAILABLE = { statusCode: 503, error: 'Service Unavailable', message: 'The identity service is unavailable. Please try again shortly.', code: 'service_unavailable', params: { name: 'identity' } };

const transaction = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-0000000000aa',
  type: 'withdrawal',
  status: 'completed',
  amount: '-1200.00',
  currency: 'USD',
  method: 'bank',
  methodLabel: 'Bank Transfer',
  reference: 'WD-1',
  description: 'Withdrawal to Barclays',
  details: { accountNumber: '12345678' },
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  client: { id: '00000000-0000-4000-8000-0000000000aa', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
};

const auditEntry = {
  id: '00000000-0000-4000-8000-000000000101',
  category: 'admin_action',
  actionType: 'user_suspended',
  actorUserId: null,
  actorEmail: 'admin@example.test',
  targetType: 'user',
  targetId: 'u-1',
  description: 'Suspended a user',
  metadata: {},
  clientIp: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** An action a newer service records that has no label yet. */
const unlabelledEntry = { ...auditEntry, id: '00000000-0000-4000-8000-000000000102', actionType: 'payout_held_for_review', description: 'Held a payout' };

/** A CSV file's lines split into cells (none of these hold a comma or a quote). */
const csvCells = (text: string): string[][] => text.trim().split('\r\n').map((line) => line.split(','));

/** The cells of an exported workbook's one sheet, row by row, as text (read with exceljs; empty cells as ''). */
const sheetCells = async (bytes: Buffer): Promise<string[][]> => {
  const workbook = new Workbook();
  // exceljs declares its own `Buffer` (an ArrayBuffer); a Node Buffer is what it reads at run time.
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const [sheet] = workbook.worksheets;
  const width = sheet.getRow(1).cellCount;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push(Array.from({ length: width }, (_, at) => String(row.getCell(at + 1).value ?? ''))));
  return rows;
};

const reportOf = {
  identity: { newUsers: 2, byType: [{ label: 'customer', count: 2 }], byStatus: [{ label: 'active', count: 2 }], perDay: [] },
  kyc: { outcomes: [], documentsSubmitted: 0, documentReviews: [], perDay: [] },
  applications: { submitted: 0, byType: [], byStatus: [], requested: [], perDay: [] },
  ledger: { transactions: 1, volumes: [{ type: 'deposit', status: 'completed', currency: 'USD', count: 1, amount: '1000.00' }], fees: [], totalVolume: [{ currency: 'USD', amount: '1000.00' }], perDay: [] },
};

/** Every admin file export leaves an audit record in identity before its first byte, or is not made. */
describe('auditing admin exports', () => {
  let gateway: GatewayHarness;

  useGatewayHarness('gateway-export-audit', (started) => (gateway = started));

  beforeEach(async () => {
    await gateway.grantRolePermissions();
    await gateway.respond(LedgerCommands.listTransactions, () => ({ items: [transaction], nextCursor: null, total: 1, totalCapped: false }));
    await gateway.respond(IdentityCommands.listAuditLogs, () => ({ items: [auditEntry], nextCursor: null, total: 1 }));
    await gateway.respond(IdentityBackOfficeCommands.report, () => reportOf.identity);
    await gateway.respond(KycBackOfficeCommands.report, () => reportOf.kyc);
    await gateway.respond(ApplicationsBackOfficeCommands.report, () => reportOf.applications);
    await gateway.respond(LedgerBackOfficeCommands.report, () => reportOf.ledger);
  });

  const get = (path: string, actor = adminActor(), requestId = `export-${randomUUID()}`) =>
    request(gateway.baseUrl).get(path).set('authorization', `Bearer ${gateway.accessToken(actor)}`).set('x-request-id', requestId);

  const recorder = (): Promise<FakeResponder> => gateway.respond(IdentityCommands.recordDataExport, () => ({ id: randomUUID() }));

  it('records a transactions export once, with the dataset, format, filters and who asked, before sending the file', async () => {
    const audit = await recorder();
    const admin = adminActor({ adminRole: 'admin' });
    const response = await get('/api/v1/admin/transactions?format=csv&q=Lovelace&type=withdrawal&status=completed&from=2026-11-01', admin, 'export-request-1');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.text).toContain('ada@example.test');

    expect(audit.requests).toHaveLength(1);
    expect(audit.requests[0].payload).toEqual({ dataset: 'transactions', format: 'csv', filters: { q: 'Lovelace', type: 'withdrawal', status: 'completed', from: '2026-11-01' } });
    expect(audit.requests[0].meta).toMatchObject({ requestId: 'export-request-1', actor: { userId: admin.userId, userType: 'admin', adminRole: 'admin' }, clientIp: expect.any(String) });

    const xlsx = await get('/api/v1/admin/transactions?format=xlsx');
    expect(xlsx.status).toBe(200);
    expect(audit.requests).toHaveLength(2);
    expect(audit.requests[1].payload).toEqual({ dataset: 'transactions', format: 'xlsx', filters: {} });
  });

  it('records nothing for the JSON list the screen shows, nor for an export with no data', async () => {
    const audit = await recorder();
    expect((await get('/api/v1/admin/transactions?status=completed')).status).toBe(200);
    await gateway.stopResponders();
    await gateway.grantRolePermissions();
    const again = await recorder();
    await gateway.respond(LedgerCommands.listTransactions, () => ({ items: [], nextCursor: null, total: 0, totalCapped: false }));
    expect((await get('/api/v1/admin/transactions?format=csv')).status).toBe(404);
    expect([...audit.requests, ...again.requests]).toHaveLength(0);
  });

  it('records a report export (figures and audit tabs) and an audit-log export, each once with its filters', async () => {
    const audit = await recorder();
    const financial = await get('/api/v1/admin/reports?period=custom&from=2026-11-01&to=2026-11-15&format=xlsx&tab=financial');
    expect(financial.status).toBe(200);
    expect(audit.requests.map((entry) => entry.payload)).toEqual([
      { dataset: 'report_financial', format: 'xlsx', filters: { period: 'custom', from: '2026-11-01T00:00:00.000Z', to: '2026-11-16T00:00:00.000Z' } },
    ]);

    const auditTab = await get('/api/v1/admin/reports?period=weekly&format=csv&tab=audit');
    expect(auditTab.status).toBe(200);
    expect(audit.requests).toHaveLength(2);
    expect(audit.requests[1].payload).toMatchObject({ dataset: 'report_audit_logs', format: 'csv', filters: { period: 'weekly', from: expect.any(String), to: expect.any(String) } });

    const actorUserId = randomUUID();
    const log = await get(`/api/v1/admin/audit-logs?format=csv&action=user_suspended&actorUserId=${actorUserId}&from=2026-11-01`);
    expect(log.status).toBe(200);
    expect(audit.requests).toHaveLength(3);
    expect(audit.requests[2].payload).toEqual({ dataset: 'audit_logs', format: 'csv', filters: { actionType: 'user_suspended', actorUserId, from: '2026-11-01T00:00:00.000Z' } });
  });

  it('writes each action of an audit-log export by the label the screen shows, with its raw name beside it (a newer one by its raw name)', async () => {
    await gateway.stopResponders();
    await gateway.grantRolePermissions();
    await recorder();
    await gateway.respond(IdentityCommands.listAuditLogs, () => ({ items: [auditEntry, unlabelledEntry], nextCursor: null, total: 2 }));
    const expected = [
      ['Category', 'Action', 'Action Code'],
      ['admin_action', 'User suspended', 'user_suspended'],
      ['admin_action', 'payout_held_for_review', 'payout_held_for_review'],
    ];
    const actionColumns = (rows: string[][]) => rows.map((row) => row.slice(2, 5));

    for (const path of ['/api/v1/admin/audit-logs?format=csv', '/api/v1/admin/reports?period=weekly&format=csv&tab=audit']) {
      const csv = await get(path);
      expect({ path, status: csv.status }).toEqual({ path, status: 200 });
      const rows = csvCells(csv.text);
      expect(rows[0]).toEqual(['Date', 'Time', 'Category', 'Action', 'Action Code', 'Actor', 'Actor ID', 'Target Type', 'Target ID', 'Description', 'Client IP', 'Metadata']);
      expect({ path, columns: actionColumns(rows) }).toEqual({ path, columns: expected });
    }

    for (const path of ['/api/v1/admin/audit-logs?format=xlsx', '/api/v1/admin/reports?period=weekly&format=xlsx&tab=audit']) {
      const xlsx = await get(path).buffer(true).parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect({ path, status: xlsx.status }).toEqual({ path, status: 200 });
      expect({ path, columns: actionColumns(await sheetCells(xlsx.body as Buffer)) }).toEqual({ path, columns: expected });
    }
  });

  const exportsOf = [
    '/api/v1/admin/transactions?format=csv',
    '/api/v1/admin/transactions?format=xlsx',
    '/api/v1/admin/reports?period=weekly&format=csv&tab=financial',
    '/api/v1/admin/reports?period=weekly&format=xlsx&tab=audit',
    '/api/v1/admin/audit-logs?format=csv',
  ];

  const expectRefused = async (path: string) => {
    const response = await get(path);
    expect({ path, status: response.status }).toEqual({ path, status: 503 });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.body).toEqual(UNAVAILABLE);
  };

  it('refuses every export with 503 and sends no file when identity fails to record it, and passes its refusal of the admin on', async () => {
    const audit = await gateway.respond(IdentityCommands.recordDataExport, () => {
      throw new FakeServiceError({ statusCode: 500, error: 'Internal Server Error', message: 'An unexpected error occurred. Please try again.' });
    });
    for (const path of exportsOf) await expectRefused(path);
    expect(audit.requests).toHaveLength(exportsOf.length);

    await audit.stop();
    const forbidden = await gateway.respond(IdentityCommands.recordDataExport, () => {
      throw new FakeServiceError({ statusCode: 403, error: 'Forbidden', message: 'Access denied.' });
    });
    // An admin identity no longer lets act (suspended since the token was issued) is told so, not told to retry.
    const refused = await get('/api/v1/admin/transactions?format=csv');
    expect(refused.status).toBe(403);
    expect(refused.headers['content-disposition']).toBeUndefined();
    expect(refused.body).toMatchObject({ statusCode: 403, message: 'Access denied.' });
    expect(forbidden.requests).toHaveLength(1);
  });

  it('refuses every export with 503 and sends no file when identity is away', async () => {
    for (const path of exportsOf) await expectRefused(path);
  });

  it('refuses an export with 503 when identity does not answer in time', async () => {
    // The harness's request time-out is one second.
    const slow = await gateway.respond(IdentityCommands.recordDataExport, () => ({ id: randomUUID() }), { delayMs: 1_500 });
    await expectRefused('/api/v1/admin/audit-logs?format=xlsx');
    expect(slow.requests).toHaveLength(1);
  });
});
