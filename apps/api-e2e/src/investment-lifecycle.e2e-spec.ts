import { randomUUID } from 'node:crypto';
import { SignedInAccount, TestStack, uploadApplicationDocument } from '@portal/testing';
import { approvedApplication, eventually, investmentOf } from './investments';
import { customerAndAdmin, customerOn, useTestStack } from './journeys';

type Body = Record<string, unknown>;

// Issue 28's journey over HTTP: an approved investment waits for its money, is paid in parts
// after a deposit made while a second application is in review, and starts earning.
describe('an investment over HTTP: approved, funded in parts, active', () => {
  let stack: TestStack;
  let customer: SignedInAccount;
  let admin: SignedInAccount;

  useTestStack(
    'api-investments',
    async (started) => {
      stack = started;
      ({ customer, admin } = await customerAndAdmin(stack, { firstName: 'Hedy', lastName: 'Lamarr' }));
    },
    { timeoutMs: 180_000 },
  );

  const balance = async () => (await customer.api.get<Body>('/api/v1/balance')).body;
  const pay = (investmentId: string, amount: string) =>
    customer.api.post<Body>('/api/v1/investment-payments', { investmentId, amount, currency: 'USD', paymentMethod: 'balance' }, { 'Idempotency-Key': randomUUID() });

  it('opens awaiting funding, takes a deposit while a second application is in review, and activates when fully paid', async () => {
    const applicationId = await approvedApplication(customer, admin, 10_000, 6);
    const investment = await investmentOf(customer, applicationId);
    expect(investment).toMatchObject({ status: 'awaiting_funding', amount: '10000.00', unfundedAmount: '10000.00', expectedReturnAmount: '750.00', feeAmount: '125.00', netPayout: '10625.00' });

    // A second application, still pending, does not close deposits to fund the first.
    const second = await customer.api.post('/api/v1/applications', {
      applicationType: 'personal',
      fullName: 'Hedy Lamarr',
      investmentAmount: 20000,
      investmentDuration: 12,
      applicationData: { address: '1 Market Street', employment: 'Inventor', annualIncome: 90000, investmentPurpose: 'Growth', declaration: true },
      documentIds: [await uploadApplicationDocument(customer)],
    });
    expect(second.status).toBe(201);
    const deposit = await eventually(
      () => customer.api.post<Body>('/api/v1/deposits', { method: 'bank', amount: 12000, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' }, { 'Idempotency-Key': randomUUID() }),
      (answer) => answer.status === 201,
    );
    expect(deposit.status).toBe(201);
    expect((await admin.api.post(`/api/v1/admin/transactions/${deposit.body.id}/approve`)).status).toBe(200);
    expect(await balance()).toMatchObject({ available: '12000.00' });

    expect(await pay(investment.id, '10000.01')).toMatchObject({ status: 409, body: { code: 'investment_overpaid' } });
    expect(await customer.api.post('/api/v1/investment-payments', { amount: '100', paymentMethod: 'balance' })).toMatchObject({ status: 400 });
    expect(await pay(investment.id, '4000')).toMatchObject({ status: 201, body: { status: 'completed', amount: '-4000.00' } });
    expect(await investmentOf(customer, applicationId)).toMatchObject({ status: 'awaiting_funding', fundedAmount: '4000.00', unfundedAmount: '6000.00' });
    expect(await pay(investment.id, '6000')).toMatchObject({ status: 201 });
    const active = await investmentOf(customer, applicationId);
    expect(active).toMatchObject({ status: 'active', fundedAmount: '10000.00', startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), maturityDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(await balance()).toMatchObject({ available: '2000.00', totalInvested: '10000.00' });
    expect((await customer.api.post(`/api/v1/investments/${investment.id}/cancel`)).status).toBe(409);

    // A withdrawal to an IBAN with a wrong check digit moves nothing.
    const wrongIban = await customer.api.post<Body>(
      '/api/v1/withdrawals',
      { accountName: 'Hedy Lamarr', accountNumber: 'GB82WEST12345698765433', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount: '500', currency: 'USD' },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(wrongIban.status).toBe(400);
    expect(await balance()).toMatchObject({ available: '2000.00', held: '0.00' });

    // Investment Oversight shows the ledger's lifecycle.
    const oversight = await admin.api.get<{ items: Body[] }>('/api/v1/admin/investments');
    expect(oversight.body.items.find((row) => row.applicationId === applicationId)).toMatchObject({ status: 'active', fundedAmount: '10000.00', maturityDate: active.maturityDate });
    expect((await admin.api.get<Body>('/api/v1/admin/ledger/check')).body).toMatchObject({ ok: true, differences: [] });
  });

  it('lets the customer cancel an investment awaiting funding; what was paid returns to the balance', async () => {
    const applicationId = await approvedApplication(customer, admin, 3000, 3);
    const investment = await investmentOf(customer, applicationId);
    expect(await pay(investment.id, '1000')).toMatchObject({ status: 201 });
    const before = await balance();
    const cancelled = await customer.api.post<Body>(`/api/v1/investments/${investment.id}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    expect(Number((await balance()).available)).toBe(Number(before.available) + 1000);
    const other = await startTestStackCustomer();
    expect((await other.api.post(`/api/v1/investments/${investment.id}/cancel`)).status).toBe(404);
  });

  const startTestStackCustomer = () => customerOn(stack, { firstName: 'Other', lastName: 'Person' });

  it('restarted 200 days later, the ledger pays the active investment out once: principal and return in, fee out', async () => {
    const restartLedger = async () => {
      await stack.stack.stopService('ledger');
      stack.stack.startService('ledger', { CLOCK_OFFSET_DAYS: '200' });
      await stack.stack.waitUntilReady(60_000);
    };
    await restartLedger();
    const investments = await eventually(
      () => customer.api.get<{ items: { status: string; accruedReturn: string; amount: string }[] }>('/api/v1/investments'),
      (answer) => answer.body.items?.some((item) => item.status === 'matured') === true,
      30_000,
    );
    expect(investments.body.items.find((item) => item.status === 'matured')).toMatchObject({ amount: '10000.00', accruedReturn: '750.00' });
    // 12,000 − 10,000 + 10,000 + 750.00 − 125.00
    expect(await balance()).toMatchObject({ available: '12625.00', totalInvested: '0.00', totalReturns: '0.00' });
    const listed = async () => (await customer.api.get<{ items: Body[] }>('/api/v1/transactions?limit=50')).body.items.filter((item) => item.type === 'return' || item.type === 'fee');
    const payout = await listed();
    expect(payout.filter((item) => String(item.reference).startsWith('RET-')).map((item) => item.amount)).toEqual(['10750.00']);
    expect(payout.filter((item) => item.type === 'fee').map((item) => item.amount)).toEqual(['-125.00']);

    // A second restart pays nothing twice.
    await restartLedger();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await balance()).toMatchObject({ available: '12625.00' });
    expect((await listed()).length).toBe(payout.length);
    expect((await admin.api.get<Body>('/api/v1/admin/ledger/check')).body).toMatchObject({ ok: true, differences: [] });
    const notified = await eventually(
      () => customer.api.get<{ items: { title: string; message: string }[] }>('/api/v1/notifications'),
      (answer) => answer.body.items?.some((item) => /matur/i.test(`${item.title} ${item.message}`)) === true,
    );
    expect(notified.body.items.some((item) => /10,750|10,625|750/.test(item.message))).toBe(true);
  }, 120_000);
});
