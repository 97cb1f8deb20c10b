import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Workbook } from 'exceljs';
import { auditActionLabel } from '@portal/contracts';
import { SignedInAccount, signIn, TestStack, uniqueEmail, uploadApplicationDocument } from '@portal/testing';
import { investmentOf } from './investments';
import { customerOn, useTestStack } from './journeys';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The cells of the one sheet of an exported workbook, row by row, as text, read with
 * exceljs as a spreadsheet would open it: numbers with the decimals their format shows
 * (an amount's `#,##0.00` gives `5000.00`, without the grouping), empty cells as ''.
 */
async function sheetRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new Workbook();
  // exceljs declares its own `Buffer` (an ArrayBuffer); a Node Buffer is what it reads at run time.
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const [sheet] = workbook.worksheets;
  const width = sheet.getRow(1).cellCount;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let column = 1; column <= width; column++) {
      const { value, numFmt } = row.getCell(column);
      const decimals = /\.(0+)/.exec(numFmt ?? '')?.[1].length;
      cells.push(value === null ? '' : typeof value === 'number' && decimals !== undefined ? value.toFixed(decimals) : String(value));
    }
    rows.push(cells);
  });
  return rows;
}

/** CSV lines split into cells (a quoted cell may hold commas and doubled quotes). */
function csvRows(text: string): string[][] {
  return text
    .trim()
    .split('\r\n')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let at = 0; at < line.length; at++) {
        const char = line[at];
        if (quoted && char === '"' && line[at + 1] === '"') {
          cell += '"';
          at++;
        } else if (char === '"') quoted = !quoted;
        else if (char === ',' && !quoted) {
          cells.push(cell);
          cell = '';
        } else cell += char;
      }
      cells.push(cell);
      return cells;
    });
}

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

// Issue 13 over HTTP: the overview's and the reports' figures are those the other screens and the ledger show.
describe('back office over HTTP: overview, reports and audit logs', () => {
  let stack: TestStack;
  let customer: SignedInAccount;
  let admin: SignedInAccount;
  let moderator: SignedInAccount;

  /**
   * An admin made with the create-admin command, then signed in. On a loaded machine the
   * command (run synchronously) can outlast the keep-alive of the pooled connections, which
   * the server closes meanwhile: a pause lets the client see those closes before the next
   * request, and a request that still meets one is sent again.
   */
  async function newAdmin(): Promise<SignedInAccount> {
    const email = uniqueEmail('admin');
    const password = 'Admin#Pass2026';
    const script = join(stack.root, 'apps/identity/dist/cli/create-admin.js');
    const result = spawnSync(process.execPath, [script, '--email', email, '--password', password, '--first-name', 'Grace', '--last-name', 'Hopper', '--role', 'super_admin'], { env: stack.env, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`create-admin failed: ${result.stderr || result.stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let attempt = 1; ; attempt++) {
      try {
        return await signIn(stack.api, email, password);
      } catch (error) {
        if (!(error instanceof TypeError) || attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  // Exports have their own small limit per address; this file makes several in a minute, all from one address.
  useTestStack(
    'api-back-office',
    async (started) => {
      stack = started;
      customer = await customerOn(stack, { firstName: 'Ada', lastName: 'Byron' });
      admin = await newAdmin();
      // A second admin, of the narrowest role, made by the first through the API.
      const moderatorEmail = uniqueEmail('moderator');
      const created = await admin.api.post('/api/v1/admin/admins', { firstName: 'Mod', lastName: 'Erator', email: moderatorEmail, password: 'Moderate#2026', confirmPassword: 'Moderate#2026', adminRole: 'moderator' });
      expect(created.status).toBe(201);
      moderator = await signIn(stack.api, moderatorEmail, 'Moderate#2026');

      // The customer applies and is approved, deposits (the admin confirms), withdraws, invests and opens a ticket.
      const application = await customer.api.post<Body>('/api/v1/applications', {
        applicationType: 'personal',
        fullName: 'Ada Byron',
        investmentAmount: 5000,
        investmentDuration: 12,
        applicationData: { address: '1 Analytical Row', employment: 'Engineer', annualIncome: 80000, investmentPurpose: 'Growth', declaration: true },
        documentIds: [await uploadApplicationDocument(customer)],
      });
      expect(application.status).toBe(201);
      expect((await admin.api.post(`/api/v1/admin/applications/${application.body.id}/review`, { decision: 'approved', note: 'Welcome' })).status).toBe(200);
      const deposit = await eventually(
        () => customer.api.post<Body>('/api/v1/deposits', { method: 'bank', amount: 5000, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' }, { 'Idempotency-Key': randomUUID() }),
        (answer) => answer.status === 201,
      );
      expect(deposit.status).toBe(201);
      expect((await admin.api.post(`/api/v1/admin/transactions/${deposit.body.id}/approve`)).status).toBe(200);
      const withdrawal = await customer.api.post<Body>(
        '/api/v1/withdrawals',
        { accountName: 'Ada Byron', accountNumber: 'GB82 WEST 1234 5698 7654 32', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount: '1200', currency: 'USD' },
        { 'Idempotency-Key': randomUUID() },
      );
      expect(withdrawal.status).toBe(201);
      const investment = await investmentOf(customer, application.body.id as string);
      const payment = await customer.api.post<Body>('/api/v1/investment-payments', { investmentId: investment.id, amount: '1000', currency: 'USD', paymentMethod: 'balance' }, { 'Idempotency-Key': randomUUID() });
      expect(payment.status).toBe(201);
      expect((await admin.api.post<Body>('/api/v1/admin/security-deposits', { userId: customer.user.id, amount: '800' })).status).toBe(201);
      expect((await customer.api.post('/api/v1/support/tickets', { subject: 'Withdrawal', category: 'Payments', priority: 'medium', message: 'When will my withdrawal arrive?' })).status).toBe(201);
    },
    { env: { RATE_LIMIT_EXPORTS_PER_MINUTE: '100' }, timeoutMs: 240_000 },
  );

  it('shows overview totals equal to what the ledger check and the lists show, to any admin', async () => {
    const users = await admin.api.get<Body>('/api/v1/admin/users');
    const kycPending = await admin.api.get<Body>('/api/v1/admin/users?kycStatus=pending&userType=customer');
    const applications = await admin.api.get<Body>('/api/v1/admin/applications');
    const investments = await admin.api.get<Body>('/api/v1/admin/investments');
    const deposits = await admin.api.get<Body>('/api/v1/admin/security-deposits');
    const transactions = await admin.api.get<Body>('/api/v1/admin/transactions?limit=5');
    const balance = await customer.api.get<Body>('/api/v1/balance');
    const check = await admin.api.get<Body>('/api/v1/admin/ledger/check');
    expect(check.body).toMatchObject({ ok: true, differences: [] });

    // KYC opens the customer's profile from identity's event: wait until it has.
    const stats = await eventually(
      async () => (await moderator.api.get<Body>('/api/v1/admin/stats')).body,
      (body) => body.kyc?.data?.pending === kycPending.body.total,
    );
    expect(stats.users).toEqual({
      available: true,
      message: null,
      permitted: true,
      data: expect.objectContaining({ totalUsers: users.body.counts.total, active: users.body.counts.active, suspended: users.body.counts.suspended, customers: users.body.counts.customers, admins: users.body.counts.admins }),
    });
    expect(stats.kyc.data.pending).toBe(kycPending.body.total);
    // A moderator's role covers users and KYC, not customers' money or investment totals: those sections are withheld.
    const withheld = { available: false, message: null, permitted: false, data: null };
    expect(stats.investments).toEqual(withheld);
    expect(stats.money).toEqual(withheld);
    const full = (await admin.api.get<Body>('/api/v1/admin/stats')).body;
    expect(full.investments.data).toEqual({
      totalInvestments: investments.body.tiles.activeInvestments,
      personal: investments.body.tiles.activeInvestments,
      corporate: 0,
      gipp: 0,
      pendingApprovals: applications.body.counters.pending + applications.body.counters.underReview,
    });
    expect(full.money.data.lockedTotal).toEqual(deposits.body.totalLocked);
    expect(full.money.data.lockedTotal).toEqual([{ currency: 'USD', amount: '800.00' }]);
    expect(full.money.data.earnings).toEqual([{ currency: 'USD', totalInvested: balance.body.totalInvested, totalReturns: '0.00', platformFees: '0.00', roiRate: 0 }]);
    expect(balance.body.totalInvested).toBe('1000.00');
    expect(full.money.data.latest.map((item: Body) => item.id)).toEqual(transactions.body.items.map((item: Body) => item.id));
    expect(full.money.data.latest[0].client).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });

    expect((await customer.api.get('/api/v1/admin/stats')).status).toBe(403);
  });

  it('reports the week with the figures of the lists, and exports each tab to CSV and Excel with the same figures as the JSON', async () => {
    const report = await admin.api.get<Body>('/api/v1/admin/reports?period=weekly');
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ period: 'weekly', hasData: true });
    const { from, to } = report.body;
    const listed = await admin.api.get<Body>(`/api/v1/admin/transactions?from=${from}&to=${to}`);
    expect(report.body.money.data.transactions).toBe(listed.body.total);
    expect(report.body.money.data.volumes).toEqual(
      expect.arrayContaining([
        { type: 'deposit', status: 'completed', currency: 'USD', count: 1, amount: '5000.00' },
        { type: 'withdrawal', status: 'pending', currency: 'USD', count: 1, amount: '1200.00' },
        { type: 'investment', status: 'completed', currency: 'USD', count: 1, amount: '1000.00' },
      ]),
    );
    expect(report.body.users.data.newUsers).toBe((await admin.api.get<Body>('/api/v1/admin/users')).body.counts.total);
    expect(report.body.applications.data).toMatchObject({ submitted: 1, byStatus: [{ label: 'approved', count: 1 }], requested: [{ currency: 'USD', amount: '5000.00' }] });

    const download = async (query: string) => {
      const response = await fetch(`${stack.baseUrl}/api/v1/admin/reports?${query}`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const csv = await download('period=weekly&tab=financial&format=csv');
    expect(csv.response.status).toBe(200);
    expect(csv.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.response.headers.get('content-disposition')).toMatch(/filename="report-weekly-financial-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(csv.bytes.toString('utf8'));
    expect(rows[0]).toEqual(['Section', 'Item', 'Currency', 'Count', 'Amount']);
    const volumeRows = rows.filter((row) => row[0] === 'Transaction volume');
    expect(volumeRows).toEqual(report.body.money.data.volumes.map((entry: Body) => ['Transaction volume', `${entry.type} ${entry.status}`, entry.currency, String(entry.count), entry.amount]));
    expect(rows.find((row) => row[0] === 'Total volume')).toEqual(['Total volume', 'All transactions', 'USD', '', report.body.money.data.totalVolume[0].amount]);

    const xlsx = await download('period=weekly&tab=financial&format=xlsx');
    expect(xlsx.response.status).toBe(200);
    expect(xlsx.response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.response.headers.get('content-disposition')).toMatch(/filename="report-weekly-financial-\d{4}-\d{2}-\d{2}\.xlsx"/);
    // The same rows, cell for cell: amounts are numeric cells holding the decimal written in the CSV.
    expect(await sheetRows(xlsx.bytes)).toEqual(rows);

    const users = csvRows((await download('period=weekly&tab=users&format=csv')).bytes.toString('utf8'));
    expect(users).toContainEqual(['New users', 'All', '', String(report.body.users.data.newUsers), '']);
    const audit = await download('period=weekly&tab=audit&format=csv');
    expect(audit.response.status).toBe(200);
    expect(csvRows(audit.bytes.toString('utf8'))[0]).toEqual(['Date', 'Time', 'Category', 'Action', 'Action Code', 'Actor', 'Actor ID', 'Target Type', 'Target ID', 'Description', 'Client IP', 'Metadata']);

    const empty = await admin.api.get<Body>('/api/v1/admin/reports?period=custom&from=2020-01-01&to=2020-01-31&format=csv');
    expect(empty).toMatchObject({ status: 404, body: { message: 'No report data available' } });
    expect((await admin.api.get<Body>('/api/v1/admin/reports?period=custom&from=2020-01-01&to=2020-01-31')).body.hasData).toBe(false);
  });

  it('lists every service’s admin actions in the audit log, filtered by admin, action and date, page after page', async () => {
    const mine = await admin.api.get<Body>(`/api/v1/admin/audit-logs?actorUserId=${admin.user.id}&limit=100`);
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThanOrEqual(3);
    expect(mine.body.items.every((entry: Body) => entry.actorUserId === admin.user.id)).toBe(true);
    // The application review, the deposit approval and the security deposit come from three services.
    const actions = new Set(mine.body.items.map((entry: Body) => entry.actionType));
    expect(actions.size).toBeGreaterThanOrEqual(3);

    const action = mine.body.items[0].actionType as string;
    const byAction = await admin.api.get<Body>(`/api/v1/admin/audit-logs?action=${action}&limit=100`);
    expect(byAction.body.items.length).toBeGreaterThan(0);
    expect(byAction.body.items.every((entry: Body) => entry.actionType === action)).toBe(true);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Body } = await admin.api.get<Body>(`/api/v1/admin/audit-logs?actorUserId=${admin.user.id}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.total).toBe(mine.body.total);
      seen.push(...page.body.items.map((entry: Body) => entry.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(mine.body.items.map((entry: Body) => entry.id));

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await admin.api.get<Body>(`/api/v1/admin/audit-logs?from=${tomorrow}`)).body).toMatchObject({ items: [], total: 0 });

    const file = await fetch(`${stack.baseUrl}/api/v1/admin/audit-logs?actorUserId=${admin.user.id}&format=csv`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(file.status).toBe(200);
    const lines = csvRows(await file.text());
    expect(lines).toHaveLength(mine.body.total + 1);
    // Action is the label the screen shows, Action Code the raw name.
    expect(lines.slice(1).map((row) => row[4])).toEqual(mine.body.items.map((entry: Body) => entry.actionType));
    expect(lines.slice(1).map((row) => row[3])).toEqual(mine.body.items.map((entry: Body) => auditActionLabel(entry.actionType)));
    expect((await admin.api.get<Body>(`/api/v1/admin/audit-logs?from=${tomorrow}&format=xlsx`)).body).toMatchObject({ message: 'No report data available' });
  });
});
