import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Actor, LedgerBackOfficeCommands } from '@portal/contracts';
import { refusalOf as failure, ServiceUnderTest, startServiceUnderTest, TestServiceClient } from '@portal/testing';
import { LedgerModule } from '../ledger.module';

jest.setTimeout(60_000);

const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'support', sessionId: randomUUID() };
/** An admin whose role has the transactions permission (the support role above has not). */
const moneyAdmin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };
const customer: Actor = { userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() };

describe('ledger figures for the back office', () => {
  let running: ServiceUnderTest;
  let client: TestServiceClient;
  const database = { query: (sql: string, parameters?: unknown[]) => running.database.query(sql, parameters) };

  beforeAll(async () => {
    running = await startServiceUnderTest({ label: 'ledger_back_office', service: 'ledger', module: (environment) => LedgerModule.register(environment) });
    client = running.client;
  });

  afterAll(async () => {
    await running?.stop();
  });

  const customerId = randomUUID();
  let reference = 0;
  const transaction = async (type: string, status: string, amountMinor: number, daysAgo = 0, currency = 'USD') => {
    const id = randomUUID();
    await database.query(
      `INSERT INTO ledger.transactions (id, user_id, type, status, amount, currency, method, reference, description, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'bank', $7, 'test', now() - make_interval(days => $8), now() - make_interval(days => $8))`,
      [id, customerId, type, status, amountMinor, currency, `REF-${++reference}`, daysAgo],
    );
    return id;
  };
  const customerAccount = async (kind: string, balance: number) =>
    (await database.query(`INSERT INTO ledger.accounts (user_id, currency, kind, balance) VALUES ($1, 'USD', $2, $3) RETURNING id`, [customerId, kind, balance])).rows[0].id as string;
  const systemAccount = async (kind: string) => (await database.query(`SELECT id FROM ledger.accounts WHERE user_id IS NULL AND currency = 'USD' AND kind = $1`, [kind])).rows[0].id as string;
  /** A posting of a fee daysAgo, as the book writes it: the customer pays, the platform's fee account receives. */
  const feePosting = async (amountMinor: number, daysAgo: number, available: string, fees: string) => {
    const transferId = randomUUID();
    await database.query(`INSERT INTO ledger.transfers (id, kind, currency, created_at) VALUES ($1, 'fee', 'USD', now() - make_interval(days => $2))`, [transferId, daysAgo]);
    await database.query(`INSERT INTO ledger.entries (transfer_id, account_id, amount) VALUES ($1, $2, $3), ($1, $4, $5)`, [transferId, available, -amountMinor, fees, amountMinor]);
    await database.query(`UPDATE ledger.accounts SET balance = balance + $2 WHERE id = $1`, [fees, amountMinor]);
  };
  const window = (fromDaysAgo: number) => ({ from: new Date(Date.now() - fromDaysAgo * 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() });

  it('answers the locked total, the earnings from the book with the ROI rate, and the five newest transactions', async () => {
    expect(await client.as(moneyAdmin).send(LedgerBackOfficeCommands.stats, {})).toEqual({
      lockedTotal: [{ currency: 'USD', amount: '0.00' }],
      lockedDeposits: 0,
      earnings: [{ currency: 'USD', totalInvested: '0.00', totalReturns: '0.00', platformFees: '0.00', roiRate: 0 }],
      latest: [],
    });

    const available = await customerAccount('available', 50_000);
    await customerAccount('invested', 800_000);
    await database.query(`UPDATE ledger.accounts SET balance = balance - 100000 WHERE id = $1`, [await systemAccount('returns_paid')]);
    await feePosting(2_500, 1, available, await systemAccount('fees'));
    await feePosting(1_000, 20, available, await systemAccount('fees'));
    for (const [amount, status] of [[150_000, 'locked'], [50_000, 'locked'], [70_000, 'unlocked']] as const) {
      await database.query(`INSERT INTO ledger.security_deposits (id, user_id, amount, currency, status, created_by) VALUES ($1, $2, $3, 'USD', $4, $5)`, [
        randomUUID(),
        customerId,
        amount,
        status,
        admin.userId,
      ]);
    }
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) ids.push(await transaction('deposit', 'completed', 10_000 * (n + 1), 6 - n));

    const stats = await client.as(moneyAdmin).send(LedgerBackOfficeCommands.stats, {});
    expect(stats.lockedTotal).toEqual([{ currency: 'USD', amount: '2000.00' }]);
    expect(stats.lockedDeposits).toBe(2);
    // 1,000.00 returned on 8,000.00 invested: 12.5 percent.
    expect(stats.earnings).toEqual([{ currency: 'USD', totalInvested: '8000.00', totalReturns: '1000.00', platformFees: '35.00', roiRate: 12.5 }]);
    expect(stats.latest.map((item) => item.id)).toEqual(ids.slice(1).reverse());
    expect(stats.latest[0]).toMatchObject({ type: 'deposit', status: 'completed', amount: '600.00', client: null });
  });


  it('reports the transactions of a period by type and status, the fees posted in it and the volume per day', async () => {
    await transaction('withdrawal', 'pending', 20_000, 0);
    await transaction('investment', 'completed', 300_000, 0, 'EUR');
    await transaction('withdrawal', 'failed', 5_000, 40);

    const weekly = await client.as(admin).send(LedgerBackOfficeCommands.report, window(7));
    // The six deposits of the first case (one to six days ago) and today's two.
    expect(weekly.transactions).toBe(8);
    expect(weekly.volumes).toEqual([
      { type: 'deposit', status: 'completed', currency: 'USD', count: 6, amount: '2100.00' },
      { type: 'investment', status: 'completed', currency: 'EUR', count: 1, amount: '3000.00' },
      { type: 'withdrawal', status: 'pending', currency: 'USD', count: 1, amount: '200.00' },
    ]);
    expect(weekly.fees).toEqual([{ currency: 'USD', amount: '25.00' }]);
    expect(weekly.totalVolume).toEqual([
      { currency: 'USD', amount: '2300.00' },
      { currency: 'EUR', amount: '3000.00' },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(weekly.perDay.filter((row) => row.date === today)).toEqual([
      { date: today, currency: 'EUR', deposits: '0.00', withdrawals: '0.00', investments: '3000.00', count: 1 },
      { date: today, currency: 'USD', deposits: '0.00', withdrawals: '200.00', investments: '0.00', count: 1 },
    ]);

    const daily = await client.as(admin).send(LedgerBackOfficeCommands.report, window(0.5));
    expect(daily.transactions).toBe(2);
    expect(daily.fees).toEqual([]);
  });

  it('refuses a customer and a reversed window', async () => {
    expect(await failure(client.as(customer).send(LedgerBackOfficeCommands.stats, {}))).toMatchObject({ statusCode: 403 });
    const now = new Date().toISOString();
    expect(await failure(client.as(admin).send(LedgerBackOfficeCommands.report, { from: now, to: '2020-01-01T00:00:00Z' }))).toMatchObject({ statusCode: 400, message: 'from must be before to' });
    // An ISO shape naming no real day is refused, not passed on to PostgreSQL.
    expect(await failure(client.as(admin).send(LedgerBackOfficeCommands.report, { from: '2024-02-30T00:00:00Z', to: now }))).toMatchObject({ statusCode: 400, message: 'from and to must be ISO dates' });
  });

  it('lists the latest transactions without their bank details to roles with the transactions permission, and to no other admin', async () => {
    const withdrawalId = await transaction('withdrawal', 'pending', 15_000);
    const bankDetails = { accountName: 'Ada Lovelace', accountNumber: 'GB82WEST12345698765432', bankName: 'First Bank', swiftCode: 'DEUTDEFF' };
    await database.query(`UPDATE ledger.transactions SET details = $2 WHERE id = $1`, [withdrawalId, JSON.stringify(bankDetails)]);
    const stats = await client.as(moneyAdmin).send(LedgerBackOfficeCommands.stats, {});
    expect(stats.latest).toHaveLength(5);
    expect(stats.latest[0]).toMatchObject({ id: withdrawalId, type: 'withdrawal', amount: '-150.00', reference: expect.any(String) });
    expect(stats.latest.map((item) => item.details)).toEqual([{}, {}, {}, {}, {}]);
    // Customers' names and amounts are not every admin's to see: the support role has no transactions permission.
    expect(await failure(client.as(admin).send(LedgerBackOfficeCommands.stats, {}))).toMatchObject({ statusCode: 403, code: 'transactions_permission_denied' });
  });
});
