import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ManualClock, ServiceEnvironment } from '@portal/config';
import { Actor, LedgerCommands, LedgerStatementCommands, MonthlyStatement, STATEMENT_MESSAGES } from '@portal/contracts';
import { runService } from '@portal/messaging';
import { refusalOf as failure, startTestInfrastructure, stopService, TestInfrastructure, TestServiceClient } from '@portal/testing';
import { LedgerModule } from '../ledger.module';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };

/** YYYY-MM of the month `offset` months from the one of `at` (UTC). */
const monthOf = (at: Date, offset = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
/** An instant on a day of the month `offset` months from the one of `at` (UTC). */
const dayOf = (at: Date, offset: number, day: number, hour = 12) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, day, hour));
const lastDayOf = (at: Date, offset: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset + 1, 0)).toISOString().slice(0, 10);

describe('monthly statements of the available balance', () => {
  // The statement's "now" is the service's clock, and postings are stamped by it as they happen.
  const now = new Date();
  const clock = new ManualClock(now);
  let infrastructure: TestInfrastructure;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let database: Client;

  beforeAll(async () => {
    infrastructure = await startTestInfrastructure('ledger_statements', {}, { platformSettings: [{ key: 'general', value: { platformName: 'Acme Invest' }, version: 1 }] });
    client = await TestServiceClient.connect(infrastructure.nats.url, undefined, { env: infrastructure.env });
    service = await runService({ service: 'ledger', environment: ServiceEnvironment, module: (environment) => LedgerModule.register(environment), env: infrastructure.env, clock });
    database = new Client({ connectionString: infrastructure.database.url });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    await client?.close();
    await stopService(service);
    await infrastructure?.stop();
  });

  const statementOf = (actor: Actor, month: string, currency?: 'USD' | 'EUR'): Promise<MonthlyStatement> =>
    client.as(actor).send(LedgerStatementCommands.monthlyStatement, { month, ...(currency ? { currency } : {}) });
  const bankDeposit = (amount: string) => ({ method: 'bank' as const, amount, currency: 'USD' as const, accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' });
  const withdrawal = (amount: string) => ({ accountName: 'Ada Lovelace', accountNumber: '12345678', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount, currency: 'USD' as const });
  async function deposit(actor: Actor, amount: string) {
    const requested = await client.as(actor).send(LedgerCommands.requestDeposit, bankDeposit(amount));
    await client.as(admin).send(LedgerCommands.decideTransaction, { id: requested.id, decision: 'approve' });
    return requested;
  }
  /** Moves a transaction and its postings back in time, as if it had happened then. */
  async function backdate(transactionId: string, at: Date) {
    await database.query(`UPDATE ledger.transfers SET created_at = $2 WHERE transaction_id = $1`, [transactionId, at]);
    await database.query(`UPDATE ledger.transactions SET created_at = $2, updated_at = $2 WHERE id = $1`, [transactionId, at]);
  }

  describe('a customer with two months of history', () => {
    const actor = customer();
    const references: Record<string, string> = {};

    beforeAll(async () => {
      // Two months ago: the first deposit. Last month: a second deposit and a withdrawal paid out.
      const first = await deposit(actor, '5000');
      await backdate(first.id, dayOf(now, -2, 15));
      const second = await deposit(actor, '1000');
      await backdate(second.id, dayOf(now, -1, 5));
      const paid = await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal('1200'));
      await client.as(admin).send(LedgerCommands.decideTransaction, { id: paid.id, decision: 'approve' });
      await backdate(paid.id, dayOf(now, -1, 20));
      // This month: a withdrawal held then rejected (money back), a deposit, and a deposit still pending.
      const rejected = await client.as(actor).send(LedgerCommands.requestWithdrawal, withdrawal('300'));
      await client.as(admin).send(LedgerCommands.decideTransaction, { id: rejected.id, decision: 'reject', reason: 'Wrong account' });
      const third = await deposit(actor, '250.50');
      await client.as(actor).send(LedgerCommands.requestDeposit, bankDeposit('777'));
      Object.assign(references, { first: first.reference, second: second.reference, paid: paid.reference, rejected: rejected.reference, third: third.reference });
    });

    it('closes a past month on its own postings, none made after it', async () => {
      const statement = await statementOf(actor, monthOf(now, -1));
      expect(statement).toMatchObject({
        platformName: 'Acme Invest',
        currency: 'USD',
        month: monthOf(now, -1),
        period: { from: `${monthOf(now, -1)}-01`, to: lastDayOf(now, -1) },
        toDate: false,
        generatedAt: now.toISOString(),
        openingBalance: '5000.00',
        closingBalance: '4800.00',
        totalIn: '1000.00',
        totalOut: '1200.00',
      });
      expect(statement.lines).toEqual([
        { date: dayOf(now, -1, 5).toISOString(), reference: references.second, type: 'deposit', description: 'Bank deposit of 1000.00 USD from First Bank', amount: '1000.00', balance: '6000.00' },
        { date: dayOf(now, -1, 20).toISOString(), reference: references.paid, type: 'withdrawal', description: expect.stringContaining('Withdrawal of 1200.00 USD'), amount: '-1200.00', balance: '4800.00' },
      ]);

      const older = await statementOf(actor, monthOf(now, -2));
      expect(older).toMatchObject({ openingBalance: '0.00', closingBalance: '5000.00' });
      expect(older.lines.map((line) => [line.reference, line.amount, line.balance])).toEqual([[references.first, '5000.00', '5000.00']]);
      // Before the first posting: a statement of nothing, not an error.
      expect(await statementOf(actor, monthOf(now, -3))).toMatchObject({ openingBalance: '0.00', closingBalance: '0.00', lines: [] });
    });

    it('runs the current month to now, closing on the available balance the balance command shows', async () => {
      const statement = await statementOf(actor, monthOf(now));
      expect(statement).toMatchObject({ toDate: true, period: { from: `${monthOf(now)}-01`, to: now.toISOString().slice(0, 10) }, openingBalance: '4800.00', closingBalance: '5050.50' });
      expect(statement.lines.map((line) => [line.reference, line.type, line.amount, line.balance])).toEqual([
        [references.rejected, 'withdrawal', '-300.00', '4500.00'],
        [references.rejected, 'withdrawal', '300.00', '4800.00'],
        [references.third, 'deposit', '250.50', '5050.50'],
      ]);
      expect(statement.lines[1].description).toMatch(/^Returned to your available balance: Withdrawal of 300.00 USD/);
      const balance = await client.as(actor).send(LedgerCommands.getBalance, {});
      expect(statement.closingBalance).toBe(balance.available);
      // The default currency is USD; another currency has its own (empty) statement.
      expect(await statementOf(actor, monthOf(now), 'USD')).toMatchObject({ closingBalance: balance.available });
      expect(await statementOf(actor, monthOf(now), 'EUR')).toMatchObject({ currency: 'EUR', openingBalance: '0.00', closingBalance: '0.00', lines: [] });
    });
  });

  it('lists the investments of the currency with their returns accrued by the end of the period', async () => {
    const actor = customer();
    const accrualTransfer = randomUUID();
    await database.query(`INSERT INTO ledger.transfers (id, kind, currency) VALUES ($1, 'investment_accrual', 'USD')`, [accrualTransfer]);
    const invest = async (values: { currency?: string; status: string; funded: string; accrued: string; createdAt: Date; startDate?: string; maturityDate?: string; closedOn?: string }) => {
      const id = randomUUID();
      await database.query(
        `INSERT INTO ledger.investments (id, application_id, user_id, investment_type, currency, amount, funded, duration_months, return_rate, expected_return, fee_rate, fee, accrued,
                                         status, opened_on, funding_deadline, start_date, maturity_date, closed_on, created_at, updated_at)
         VALUES ($1, $2, $3, 'personal', $4, 1000000, $5, 12, 7.50, 75000, 1.00, 10000, $6, $7, $8::timestamptz::date, $8::timestamptz::date + 30, $9, $10, $11, $8, $8)`,
        [id, randomUUID(), actor.userId, values.currency ?? 'USD', values.funded, values.accrued, values.status, values.createdAt, values.startDate ?? null, values.maturityDate ?? null, values.closedOn ?? null],
      );
      return id;
    };
    const startDate = dayOf(now, -1, 10).toISOString().slice(0, 10);
    const earning = await invest({ status: 'active', funded: '1000000', accrued: '1230', createdAt: dayOf(now, -1, 1), startDate, maturityDate: '2099-01-10' });
    for (const [day, amount] of [[dayOf(now, -1, 11), 205], [dayOf(now, -1, 28), 205], [dayOf(now, 0, 1), 820]] as const) {
      await database.query(`INSERT INTO ledger.investment_accruals (investment_id, business_date, amount, transfer_id) VALUES ($1, $2::timestamptz::date, $3, $4)`, [earning, day, amount, accrualTransfer]);
    }
    const cancelled = await invest({ status: 'cancelled', funded: '0', accrued: '0', createdAt: dayOf(now, -2, 1), closedOn: dayOf(now, -2, 20).toISOString().slice(0, 10) });
    await invest({ currency: 'EUR', status: 'awaiting_funding', funded: '0', accrued: '0', createdAt: dayOf(now, -1, 2) });

    const current = await statementOf(actor, monthOf(now));
    expect(current.investments).toEqual([
      { id: earning, investmentType: 'personal', status: 'active', amount: '10000.00', fundedAmount: '10000.00', accruedReturn: '12.30', expectedReturnAmount: '750.00', maturityDate: '2099-01-10' },
    ]);
    // Last month: the returns accrued by its last day.
    expect((await statementOf(actor, monthOf(now, -1))).investments).toEqual([expect.objectContaining({ id: earning, status: 'active', accruedReturn: '4.10' })]);
    // Two months ago: cancelled within that month, and the later investment did not exist yet.
    expect((await statementOf(actor, monthOf(now, -2))).investments).toEqual([expect.objectContaining({ id: cancelled, status: 'cancelled', accruedReturn: '0.00' })]);
    expect((await statementOf(actor, monthOf(now), 'EUR')).investments).toEqual([expect.objectContaining({ status: 'awaiting_funding', amount: '10000.00' })]);
  });

  it('refuses a month that has not started, a malformed month or currency, and non-customers (400/403, never a 500)', async () => {
    const actor = customer();
    expect(await failure(statementOf(actor, monthOf(now, 1)))).toMatchObject({ statusCode: 400, message: STATEMENT_MESSAGES.monthInFuture, code: 'statement_month_in_future' });
    expect(await failure(statementOf(actor, '2099-12'))).toMatchObject({ statusCode: 400, message: STATEMENT_MESSAGES.monthInFuture });
    for (const month of ['2026-13', '2026-1', '26-01', '2026-00', 'latest', '', '0000-01']) {
      expect(await failure(client.as(actor).sendUnchecked(LedgerStatementCommands.monthlyStatement, { month }))).toMatchObject({ statusCode: 400, message: STATEMENT_MESSAGES.monthInvalid, code: 'statement_month_invalid' });
    }
    expect(await failure(client.as(actor).sendUnchecked(LedgerStatementCommands.monthlyStatement, { month: monthOf(now), currency: 'XYZ' }))).toMatchObject({ statusCode: 400 });
    expect(await failure(statementOf(admin, monthOf(now)))).toMatchObject({ statusCode: 403, message: STATEMENT_MESSAGES.customersOnly });
  });
});
