import { randomUUID } from 'node:crypto';
import { Workbook } from 'exceljs';
import { SignedInAccount, TestStack } from '@portal/testing';
import { approvedApplication, investmentOf } from './investments';
import { adminOn, approvedDeposit, customerAndAdmin, customerOn, useTestStack } from './journeys';

type Body = Record<string, unknown>;

// The journey of issue 7 over HTTP, as a new customer and an admin would take it.
describe('money over HTTP: deposit, withdrawal, investment payment, security deposit', () => {
  let stack: TestStack;
  let customer: SignedInAccount;
  let admin: SignedInAccount;

  useTestStack(
    'api-money',
    async (started) => {
      stack = started;
      ({ customer, admin } = await customerAndAdmin(stack, { firstName: 'Mary', lastName: 'Somerville' }));
    },
    { timeoutMs: 180_000 },
  );

  const balance = async () => (await customer.api.get('/api/v1/balance')).body;

  it('moves the money through the book and the ledger check finds no difference', async () => {
    // A deposit of 5,000 by bank: pending until the admin confirms the funds arrived.
    const depositKey = randomUUID();
    const depositBody = { method: 'bank', amount: 5000, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' };
    const deposit = await customer.api.post<Body>('/api/v1/deposits', depositBody, { 'Idempotency-Key': depositKey });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({ status: 'pending', amount: '5000.00', reference: expect.stringMatching(/^DEP-/) });
    // The double-clicked submit: same key, same body, same transaction.
    const repeat = await customer.api.post<Body>('/api/v1/deposits', depositBody, { 'Idempotency-Key': depositKey });
    expect(repeat.body.id).toBe(deposit.body.id);
    const otherBody = await customer.api.post<Body>('/api/v1/deposits', { ...depositBody, amount: 6000 }, { 'Idempotency-Key': depositKey });
    expect(otherBody.status).toBe(422);
    expect(await balance()).toMatchObject({ currency: 'USD', available: '0.00' });

    const pendingDeposits = await admin.api.get<{ items: Body[]; total: number }>('/api/v1/admin/transactions?type=deposit&status=pending');
    expect(pendingDeposits.status).toBe(200);
    expect(pendingDeposits.body.items[0]).toMatchObject({ id: deposit.body.id, client: { firstName: 'Mary', lastName: 'Somerville', email: customer.email } });
    const byName = await admin.api.get<{ items: Body[] }>('/api/v1/admin/transactions?q=somerville');
    expect(byName.body.items.map((item) => item.id)).toEqual([deposit.body.id]);

    expect((await admin.api.post(`/api/v1/admin/transactions/${deposit.body.id}/approve`)).status).toBe(200);
    expect(await balance()).toMatchObject({ available: '5000.00', held: '0.00' });

    // A withdrawal of 1,200: held at once, announced for the email.
    const withdrawal = await customer.api.post<Body>(
      '/api/v1/withdrawals',
      { accountName: 'Mary Somerville', accountNumber: 'GB82 WEST 1234 5698 7654 32', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount: '1200', currency: 'USD' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(withdrawal.status).toBe(201);
    expect(withdrawal.body).toMatchObject({ status: 'pending', amount: '-1200.00', reference: expect.stringMatching(/^WTH-/) });
    expect(await balance()).toMatchObject({ available: '3800.00', held: '1200.00' });
    const tooSmall = await customer.api.post<Body>('/api/v1/withdrawals', { accountName: 'M', accountNumber: '1234', bankName: 'B', bankBranchAddress: 'A', swiftCode: 'DEUTDEFF', amount: '50' });
    expect(tooSmall).toMatchObject({ status: 400, body: { message: 'Minimum withdrawal amount is $100.' } });

    expect((await admin.api.post(`/api/v1/admin/transactions/${withdrawal.body.id}/approve`)).status).toBe(200);
    expect(await balance()).toMatchObject({ available: '3800.00', held: '0.00' });

    // 2,000 into an approved investment from the balance: completed at once.
    const investment = await investmentOf(customer, await approvedApplication(customer, admin, 5000));
    const payment = await customer.api.post<Body>('/api/v1/investment-payments', { investmentId: investment.id, amount: '2000', currency: 'USD', paymentMethod: 'balance' }, { 'Idempotency-Key': randomUUID() });
    expect(payment.status).toBe(201);
    expect(payment.body).toMatchObject({ status: 'completed', amount: '-2000.00' });
    expect(await balance()).toMatchObject({ available: '1800.00', totalInvested: '2000.00' });

    // A security deposit, created locked and then unlocked by the admin.
    const created = await admin.api.post<Body>('/api/v1/admin/security-deposits', { userId: customer.user.id, amount: '2800' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'locked', lockReason: 'Investment security requirement' });
    expect(await customer.api.get('/api/v1/security-deposits')).toMatchObject({ status: 200, body: { activeDeposits: 1, totalLocked: [{ currency: 'USD', amount: '2800.00' }] } });
    const unlocked = await admin.api.post<Body>(`/api/v1/admin/security-deposits/${created.body.id}/unlock`);
    expect(unlocked.body).toMatchObject({ status: 'unlocked', lockReason: 'Emergency unlock approved' });
    expect(await balance()).toMatchObject({ available: '4600.00', locked: '0.00' });

    const own = await customer.api.get<{ items: Body[] }>('/api/v1/transactions');
    expect(own.body.items.map((item) => item.type)).toEqual(['investment', 'withdrawal', 'deposit']);
    const summary = await customer.api.get('/api/v1/transactions/summary');
    expect(summary.body).toMatchObject({ totalDeposits: '5000.00', totalWithdrawals: '1200.00', pendingRequests: 0, availableBalance: '4600.00' });

    const check = await admin.api.get<Body>('/api/v1/admin/ledger/check');
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ ok: true, differences: [] });
  });

  it('exports the filtered list as CSV and XLSX with the spec columns, and says when there is nothing to export', async () => {
    const csv = await fetch(`${stack.baseUrl}/api/v1/admin/transactions?format=csv&type=deposit`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/transactions-report-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('ID,Client Name,Client Email,Type,Amount,Status,Date,Time,Description,Reference,Payment Method');
    expect(lines[1]).toContain('Mary Somerville');
    expect(lines[1]).toContain('Bank Transfer');

    const xlsx = await fetch(`${stack.baseUrl}/api/v1/admin/transactions?format=xlsx`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(xlsx.status).toBe(200);
    const bytes = Buffer.from(await xlsx.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers.get('content-disposition')).toMatch(/filename="transactions-report-\d{4}-\d{2}-\d{2}\.xlsx"/);
    // Read back as a spreadsheet opens it: the CSV's columns, amounts as numbers shown to the cent.
    const workbook = new Workbook();
    // exceljs declares its own `Buffer` (an ArrayBuffer); a Node Buffer is what it reads at run time.
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const [sheet] = workbook.worksheets;
    expect(sheet.name).toBe('Transactions');
    expect((sheet.getRow(1).values as unknown[]).slice(1).join(',')).toBe(lines[0]);
    const deposit = sheet.getRows(2, sheet.rowCount - 1)?.find((row) => row.getCell(2).value === 'Mary Somerville' && row.getCell(4).value === 'deposit');
    expect(deposit?.getCell(5)).toMatchObject({ value: 5000, numFmt: '#,##0.00' });

    const none = await admin.api.get('/api/v1/admin/transactions?format=csv&q=nobody-matches-this');
    expect(none).toMatchObject({ status: 404, body: { message: 'No transaction data to export' } });
  });

  it('keeps customers out of the money back office and other customers out of their transactions', async () => {
    expect((await customer.api.get('/api/v1/admin/ledger/check')).status).toBe(403);
    const stranger = await customerOn(stack);
    const own = await customer.api.get<{ items: Body[] }>('/api/v1/transactions');
    expect((await stranger.api.get(`/api/v1/transactions/${own.body.items[0].id}`)).status).toBe(404);
    expect((await admin.api.post('/api/v1/deposits', { method: 'bank', amount: 10, accountType: 'P', bankName: 'B', bankAddress: 'A' })).status).toBe(403);
  });

  it('shows a transaction with its bank details only to its owner and to admins whose role has the transactions permission', async () => {
    const [moneyAdmin, moderator, support] = await Promise.all(
      (['admin', 'moderator', 'support'] as const).map((role) => adminOn(stack, role)),
    );
    const withdrawals = await customer.api.get<{ items: Body[] }>('/api/v1/transactions?type=withdrawal');
    const path = `/api/v1/transactions/${withdrawals.body.items[0].id}`;
    const bankDetails = { accountName: 'Mary Somerville', swiftCode: 'DEUTDEFF' };
    expect(await customer.api.get(path)).toMatchObject({ status: 200, body: { details: bankDetails } });
    expect(await moneyAdmin.api.get(path)).toMatchObject({ status: 200, body: { details: bankDetails } });
    expect(await admin.api.get(path)).toMatchObject({ status: 200, body: { details: bankDetails } });
    for (const other of [moderator, support]) expect(await other.api.get(path)).toMatchObject({ status: 404, body: { message: 'Transaction not found' } });

    // The overview lists the latest transactions, without their bank details, to roles with the transactions permission only.
    const figures = await moneyAdmin.api.get<{ money: { data: { latest: Body[] } } }>('/api/v1/admin/stats');
    expect(figures.status).toBe(200);
    expect(figures.body.money.data.latest.length).toBeGreaterThan(0);
    expect(figures.body.money.data.latest.map((item) => item.details)).toEqual(figures.body.money.data.latest.map(() => ({})));
    const supportFigures = await support.api.get<{ money: Body }>('/api/v1/admin/stats');
    expect(supportFigures.status).toBe(200);
    expect(supportFigures.body.money).toEqual({ available: false, message: null, permitted: false, data: null });
  });

  it('answers a crafted cursor or an impossible date filter with 400, never a 500', async () => {
    const cursor = (tail: string) => Buffer.from(`2024-02-30T10:00:00.000000Z|${randomUUID()}|${tail}`).toString('base64url');
    const invalidCursor = { status: 400, body: { message: 'The cursor is not valid' } };
    expect(await customer.api.get(`/api/v1/transactions?cursor=${cursor('5|0')}`)).toMatchObject(invalidCursor);
    expect(await admin.api.get(`/api/v1/admin/transactions?cursor=${cursor('5|0')}`)).toMatchObject(invalidCursor);
    expect(await customer.api.get(`/api/v1/cards/requests?cursor=${cursor('5')}`)).toMatchObject(invalidCursor);
    expect(await admin.api.get(`/api/v1/admin/cards/requests?cursor=${cursor('5')}`)).toMatchObject(invalidCursor);
    expect(await admin.api.get('/api/v1/admin/transactions?from=2024-02-30')).toMatchObject({
      status: 400,
      body: { message: 'from must be an ISO date', details: [{ field: 'from', message: 'from must be an ISO date' }] },
    });
    expect(await admin.api.get('/api/v1/admin/transactions?format=csv&to=2024-04-31T00:00:00Z')).toMatchObject({ status: 400, body: { message: 'to must be an ISO date' } });
    expect(await admin.api.get('/api/v1/admin/transactions?from=2024-02-29')).toMatchObject({ status: 200 });
  });

  it('answers concurrent repeats of a withdrawal the balance covers only once with the first reply', async () => {
    const saver = await customerOn(stack, { firstName: 'Emmy', lastName: 'Noether' });
    await approvedDeposit(saver, admin, 300);
    const key = randomUUID();
    const body = { accountName: 'Emmy Noether', accountNumber: '12345678', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount: '300', currency: 'USD' };
    const replies = await Promise.all(Array.from({ length: 4 }, () => saver.api.post<Body>('/api/v1/withdrawals', body, { 'Idempotency-Key': key })));
    expect(replies.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(replies.map((reply) => reply.body.id)).size).toBe(1);
    expect((await saver.api.get('/api/v1/balance')).body).toMatchObject({ available: '0.00', held: '300.00' });
  });

  it('refuses a rejection without a reason and changes nothing; the reason given reaches the transaction, the bell and the email (issue 30)', async () => {
    const payer = await customerOn(stack, { firstName: 'Sophie', lastName: 'Germain' });
    const deposit = await payer.api.post<Body>('/api/v1/deposits', { method: 'bank', amount: 700, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' });
    expect(deposit.status).toBe(201);
    const path = `/api/v1/transactions/${deposit.body.id}`;
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      expect(await admin.api.post(`/api/v1/admin/transactions/${deposit.body.id}/reject`, body)).toMatchObject({
        status: 400,
        body: { code: 'rejection_reason_required', message: 'Please enter a reason for the rejection.' },
      });
    }
    expect(await payer.api.get(path)).toMatchObject({ status: 200, body: { status: 'pending', reason: null } });

    const rejected = await admin.api.post<Body>(`/api/v1/admin/transactions/${deposit.body.id}/reject`, { reason: 'The transfer never arrived' });
    expect(rejected).toMatchObject({ status: 200, body: { status: 'failed', reason: 'The transfer never arrived' } });
    expect(await payer.api.get(path)).toMatchObject({ body: { status: 'failed', reason: 'The transfer never arrived' } });
    const email = await stack.inbox.lastEmailTo(payer.email, { subject: /deposit was rejected/i });
    expect(email.text).toContain('Reason given by our team: The transfer never arrived');
    // The bell is written by the same event as the email.
    const bell = await payer.api.get<{ items: { title: string; message: string }[] }>('/api/v1/notifications');
    expect(bell.body.items.find((item) => item.title === 'Deposit rejected')?.message).toContain('Reason: The transfer never arrived');
  });
});
