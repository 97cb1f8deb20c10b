import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Actor, DataExportCommands } from '@portal/contracts';
import { ServiceUnderTest, startServiceUnderTest } from '@portal/testing';
import { LedgerModule } from '../ledger.module';

jest.setTimeout(60_000);

const customer: Actor = { userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() };
const stranger: Actor = { userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() };

describe('the ledger part of Download My Data', () => {
  let running: ServiceUnderTest;

  beforeAll(async () => {
    running = await startServiceUnderTest({ label: 'ledger_data_export', service: 'ledger', module: (environment) => LedgerModule.register(environment) });
  });

  afterAll(async () => {
    await running?.stop();
  });

  let reference = 0;
  const transaction = async (userId: string, amountMinor: number, daysAgo: number) => {
    const id = randomUUID();
    await running.database.query(
      `INSERT INTO ledger.transactions (id, user_id, type, status, amount, currency, method, reference, description, created_at, updated_at)
       VALUES ($1, $2, 'deposit', 'completed', $3, 'USD', 'bank', $4, 'test', now() - make_interval(days => $5), now() - make_interval(days => $5))`,
      [id, userId, amountMinor, `EXP-${++reference}`, daysAgo],
    );
    return id;
  };
  const account = (userId: string, currency: string, kind: string, balance: number) =>
    running.database.query(`INSERT INTO ledger.accounts (user_id, currency, kind, balance) VALUES ($1, $2, $3, $4)`, [userId, currency, kind, balance]);

  it('answers only the caller’s own records: transactions newest first, balances of the currencies they hold, security deposits as money', async () => {
    const older = await transaction(customer.userId, 10_000, 3);
    const newer = await transaction(customer.userId, 25_050, 1);
    await transaction(stranger.userId, 99_900, 2);
    await account(customer.userId, 'USD', 'available', 35_050);
    await account(customer.userId, 'USD', 'locked', 12_345);
    await account(customer.userId, 'EUR', 'available', 0);
    await account(stranger.userId, 'GBP', 'available', 70_000);
    const depositId = randomUUID();
    await running.database.query(`INSERT INTO ledger.security_deposits (id, user_id, amount, currency, status, lock_reason, created_by) VALUES ($1, $2, 12345, 'USD', 'locked', 'Collateral', $3)`, [
      depositId,
      customer.userId,
      randomUUID(),
    ]);

    const exported = await running.client.as(customer).send(DataExportCommands.ledger, {});

    expect(exported.service).toBe('ledger');
    const data = exported.data as Record<string, unknown[]>;
    expect(data.transactions).toEqual([
      expect.objectContaining({ id: newer, amount: '250.50', currency: 'USD', type: 'deposit' }),
      expect.objectContaining({ id: older, amount: '100.00', currency: 'USD', type: 'deposit' }),
    ]);
    // EUR holds nothing and is left out; the stranger's GBP is not the caller's.
    expect(data.balances).toEqual([{ currency: 'USD', available: '350.50', held: '0.00', locked: '123.45', invested: '0.00', returns: '0.00' }]);
    expect(data.securityDeposits).toEqual([expect.objectContaining({ id: depositId, amount: '123.45', currency: 'USD', status: 'locked', lockReason: 'Collateral' })]);
    expect(data.investments).toEqual([]);
    expect(data.cardRequests).toEqual([]);
  });
});
