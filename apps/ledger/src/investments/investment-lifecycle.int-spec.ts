import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { Client } from 'pg';
import { ManualClock } from '@portal/config';
import {
  Actor,
  APPLICATIONS_EVENTS_STREAM,
  ApplicationsEvents,
  INVESTMENT_MESSAGES,
  LEDGER_EVENTS_STREAM,
  LEDGER_MESSAGES,
  LedgerCommands,
  LedgerEvents,
  LedgerInvestmentCommands,
} from '@portal/contracts';
import { eventEnvelope, EventPublisher, refusalOf as failure, StreamRecorder, TestServiceClient } from '@portal/testing';
import { approvedDeposit, publishApproval } from '../testing/approvals-and-deposits';
import { LedgerUnderTest, startLedgerUnderTest } from '../testing/ledger-under-test';
import { InvestmentDay } from './investment-day';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };

describe('an investment on the ledger: funded, accruing daily, paid out at maturity (moved clock)', () => {
  const clock = new ManualClock('2026-11-29T10:00:00Z');
  let ledger: LedgerUnderTest;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let publisher: EventPublisher;
  let ledgerEvents: StreamRecorder;
  let day: InvestmentDay;

  beforeAll(async () => {
    // Every id asked about is a customer (security deposits are created for them).
    ledger = await startLedgerUnderTest('ledger_investments', { clock, customers: 'known' });
    ({ service, client, publisher } = ledger);
    day = service.get(InvestmentDay);
    ledgerEvents = await StreamRecorder.open(client.connection, LEDGER_EVENTS_STREAM);
  });

  afterAll(async () => {
    await ledgerEvents?.close();
    await ledger?.stop();
  });

  const balanceOf = (actor: Actor) => client.as(actor).send(LedgerCommands.getBalance, {});
  const investmentsOf = (actor: Actor) => client.as(actor).send(LedgerInvestmentCommands.listOwnInvestments, {});
  const investmentOf = async (actor: Actor, id: string) => (await investmentsOf(actor)).items.find((item) => item.id === id);
  const expectCleanBook = async () => expect((await client.as(admin).send(LedgerCommands.checkLedger, {})).differences).toEqual([]);
  const runDay = () => day.run(clock.today(), { wait: true });

  const deposited = (actor: Actor, amount: string) => approvedDeposit(client, actor, admin, amount);

  /** Applications approved an application: the ledger opens its investment from the terms in the event. */
  async function approved(actor: Actor, terms = { amount: '10000.00', expectedReturnAmount: '750.00', feeAmount: '125.00' }): Promise<string> {
    const { investmentId, event } = await publishApproval(publisher, { userId: actor.userId, reviewedBy: admin.userId, submittedAt: clock.now().toISOString(), terms: { currency: 'USD', durationMonths: 6, expectedReturnRate: '15.00', feeRate: '2.50', ...terms } });
    // A redelivered approval opens nothing twice.
    await publisher.waitUntilHandled(APPLICATIONS_EVENTS_STREAM, 'ledger', await publisher.publish(APPLICATIONS_EVENTS_STREAM, { ...event, id: randomUUID() }));
    return investmentId;
  }

  const pay = (actor: Actor, investmentId: string, amount: string, paymentMethod: 'bank' | 'crypto' | 'balance' = 'balance') =>
    client.as(actor).send(LedgerCommands.payInvestment, { investmentId, amount, paymentMethod });

  it('awaits funding, is paid in parts, starts earning when fully funded, accrues each day once and pays out exactly once at maturity', async () => {
    clock.set('2026-11-29T10:00:00Z');
    const actor = customer();
    await deposited(actor, '12000');
    const id = await approved(actor);
    expect((await investmentsOf(actor)).items).toEqual([
      expect.objectContaining({
        id,
        status: 'awaiting_funding',
        amount: '10000.00',
        fundedAmount: '0.00',
        unfundedAmount: '10000.00',
        startDate: null,
        maturityDate: null,
        fundingDeadline: '2026-12-29',
        expectedReturnAmount: '750.00',
        feeAmount: '125.00',
        netPayout: '10625.00',
        accruedReturn: '0.00',
      }),
    ]);

    expect(await failure(pay(actor, id, '10000.01'))).toMatchObject({ statusCode: 409, code: 'investment_overpaid', message: INVESTMENT_MESSAGES.overpaid });
    expect(await failure(pay(customer(), id, '100'))).toMatchObject({ statusCode: 404, code: 'investment_not_found' });
    expect(await pay(actor, id, '4000')).toMatchObject({ status: 'completed', details: { investmentId: id } });
    expect(await investmentOf(actor, id)).toMatchObject({ status: 'awaiting_funding', fundedAmount: '4000.00', unfundedAmount: '6000.00' });
    await pay(actor, id, '6000');
    expect(await investmentOf(actor, id)).toMatchObject({ status: 'active', fundedAmount: '10000.00', startDate: '2026-11-29', maturityDate: '2027-05-29', fundingDeadline: null });
    const activated = await ledgerEvents.waitFor(LedgerEvents.investmentActivated, (payload) => payload.investmentId === id);
    expect(activated.payload).toMatchObject({ userId: actor.userId, startDate: '2026-11-29', maturityDate: '2027-05-29' });
    expect(await failure(pay(actor, id, '1'))).toMatchObject({ statusCode: 409, code: 'investment_not_awaiting_funding' });
    expect(await balanceOf(actor)).toMatchObject({ available: '2000.00', totalInvested: '10000.00', totalReturns: '0.00' });
    // The provider secures the investment with a deposit that unlocks at its maturity.
    const security = await client.as(admin).send(LedgerCommands.createSecurityDeposit, { userId: actor.userId, amount: '500', investmentId: id });
    expect(security).toMatchObject({ status: 'locked', investmentId: id });
    expect(await failure(client.as(admin).send(LedgerCommands.createSecurityDeposit, { userId: customer().userId, amount: '500', investmentId: id }))).toMatchObject({ statusCode: 404 });

    // Ten days later: the ten days since the start have accrued (750.00 over 181 days: 4.14 a day), once however often it runs.
    clock.set('2026-12-09T02:00:00Z');
    expect(await runDay()).toMatchObject({ businessDate: '2026-12-09', accrued: 10 });
    expect(await runDay()).toMatchObject({ accrued: 0, matured: 0 });
    expect(await investmentOf(actor, id)).toMatchObject({ status: 'active', accruedReturn: '41.40' });
    expect(await balanceOf(actor)).toMatchObject({ available: '2000.00', totalReturns: '41.40' });
    await expectCleanBook();

    // The service was down for months: the next run catches up every day, then pays out.
    clock.set('2027-06-17T08:00:00Z');
    expect(await runDay()).toMatchObject({ accrued: 171, matured: 1 });
    expect(await investmentOf(actor, id)).toMatchObject({ status: 'matured', accruedReturn: '750.00' });
    expect(await balanceOf(actor)).toMatchObject({ available: '13125.00', totalInvested: '0.00', totalReturns: '0.00', locked: '0.00' });
    expect((await client.as(actor).send(LedgerCommands.listOwnSecurityDeposits, {})).items).toEqual([expect.objectContaining({ id: security.id, status: 'unlocked', lockReason: 'Investment matured' })]);
    const history = await client.as(actor).send(LedgerCommands.listOwnTransactions, {});
    const payout = history.items.filter((item) => item.type === 'return' || item.type === 'fee');
    expect(payout.map((item) => [item.type, item.amount, item.status])).toEqual(
      expect.arrayContaining([
        ['return', '10750.00', 'completed'],
        ['fee', '-125.00', 'completed'],
      ]),
    );
    expect(payout.map((item) => item.reference)).toEqual(expect.arrayContaining([expect.stringMatching(/^RET-/), expect.stringMatching(/^FEE-/)]));
    const matured = await ledgerEvents.waitFor(LedgerEvents.investmentMatured, (payload) => payload.investmentId === id);
    expect(matured.payload).toMatchObject({ status: 'matured', amount: '10000.00', returnAmount: '750.00', feeAmount: '125.00', paidOut: '10625.00', currency: 'USD' });

    // A second run (a restart, another replica) pays nothing twice.
    expect(await runDay()).toMatchObject({ accrued: 0, matured: 0 });
    clock.set('2027-06-18T08:00:00Z');
    expect(await runDay()).toMatchObject({ accrued: 0, matured: 0 });
    expect(await balanceOf(actor)).toMatchObject({ available: '13125.00' });
    expect(ledgerEvents.all(LedgerEvents.investmentMatured, (payload) => payload.investmentId === id)).toHaveLength(1);
    await expectCleanBook();
  });

  it('cancels an investment left unfunded past its funding period, returning what was paid; a bank payment confirmed afterwards lands in the balance', async () => {
    clock.set('2027-01-10T09:00:00Z');
    const actor = customer();
    await deposited(actor, '1000');
    const id = await approved(actor);
    await pay(actor, id, '300');
    const byBank = await pay(actor, id, '500', 'bank');
    expect(await investmentOf(actor, id)).toMatchObject({ fundedAmount: '300.00', pendingAmount: '500.00', unfundedAmount: '9200.00', fundingDeadline: '2027-02-09' });

    clock.set('2027-02-09T09:00:00Z');
    expect(await runDay()).toMatchObject({ expired: 0 });
    clock.set('2027-02-10T09:00:00Z');
    expect(await runDay()).toMatchObject({ expired: 1 });
    expect(await investmentOf(actor, id)).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(actor)).toMatchObject({ available: '1000.00', totalInvested: '0.00' });
    const cancelled = await ledgerEvents.waitFor(LedgerEvents.investmentCancelled, (payload) => payload.investmentId === id);
    expect(cancelled.payload).toMatchObject({ status: 'cancelled', paidOut: '300.00' });

    await client.as(admin).send(LedgerCommands.decideTransaction, { id: byBank.id, decision: 'approve' });
    expect(await balanceOf(actor)).toMatchObject({ available: '1500.00', totalInvested: '0.00' });
    await expectCleanBook();
  });

  it('lets its customer cancel it while it awaits funding, and nobody else', async () => {
    clock.set('2027-03-01T09:00:00Z');
    const actor = customer();
    await deposited(actor, '2000');
    const id = await approved(actor);
    await pay(actor, id, '2000');
    expect(await failure(client.as(customer()).send(LedgerInvestmentCommands.cancelInvestment, { investmentId: id }))).toMatchObject({ statusCode: 404 });
    expect(await client.as(actor).send(LedgerInvestmentCommands.cancelInvestment, { investmentId: id })).toMatchObject({ status: 'cancelled', fundedAmount: '2000.00' });
    expect(await failure(client.as(actor).send(LedgerInvestmentCommands.cancelInvestment, { investmentId: id }))).toMatchObject({ statusCode: 409, code: 'investment_cannot_cancel' });
    expect(await balanceOf(actor)).toMatchObject({ available: '2000.00', totalInvested: '0.00' });
    const history = await client.as(actor).send(LedgerCommands.listOwnTransactions, {});
    // Dated by the service's clock (moved here), not the database's.
    expect(history.items.find((item) => item.reference.startsWith('RFD-'))).toMatchObject({ type: 'return', amount: '2000.00', createdAt: '2027-03-01T09:00:00.000Z' });
    await expectCleanBook();
  });

  it('never funds past the amount when payments race', async () => {
    clock.set('2027-04-01T09:00:00Z');
    const actor = customer();
    await deposited(actor, '30000');
    const id = await approved(actor);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => pay(actor, id, '6000')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await investmentOf(actor, id)).toMatchObject({ fundedAmount: '6000.00' });
    expect(await balanceOf(actor)).toMatchObject({ available: '24000.00', totalInvested: '6000.00' });
    await expectCleanBook();
  });

  it('pays out a thousand investments maturing on the same day in one run, each with its own references', async () => {
    clock.set('2027-09-01T09:00:00Z');
    const database = new Client({ connectionString: ledger.infrastructure.database.url });
    await database.connect();
    try {
      // A thousand customers, each with one active investment fully funded and fully accrued, maturing today.
      await database.query(`
        WITH people AS (SELECT gen_random_uuid() AS user_id FROM generate_series(1, 1000)),
        opened AS (INSERT INTO ledger.accounts (user_id, currency, kind) SELECT user_id, 'USD', kind FROM people, unnest(ARRAY['available','held','locked','invested','returns']) AS kind RETURNING id, user_id, kind)
        INSERT INTO ledger.investments (id, application_id, user_id, investment_type, currency, amount, funded, duration_months, return_rate, expected_return, fee_rate, fee, accrued, accrued_through, status, opened_on, funding_deadline, start_date, maturity_date)
        SELECT gen_random_uuid(), gen_random_uuid(), user_id, 'personal', 'USD', 100000, 100000, 6, 15.00, 7500, 2.50, 1250, 7500, '2027-08-31', 'active', '2027-03-01', '2027-03-31', '2027-03-01', '2027-09-01'
        FROM opened WHERE kind = 'available'`);
      // Their money, posted as the book requires: one transfer whose entries put principal and return in place.
      const seed = randomUUID();
      await database.query(`INSERT INTO ledger.transfers (id, kind, currency) VALUES ($1, 'test_seed', 'USD')`, [seed]);
      await database.query(
        `INSERT INTO ledger.entries (transfer_id, account_id, amount)
         SELECT $1, a.id, CASE a.kind WHEN 'invested' THEN 100000 ELSE 7500 END FROM ledger.accounts a JOIN ledger.investments i ON i.user_id = a.user_id
         WHERE i.maturity_date = '2027-09-01' AND i.status = 'active' AND a.kind IN ('invested', 'returns')`,
        [seed],
      );
      await database.query(`INSERT INTO ledger.investment_accruals (investment_id, business_date, amount, transfer_id) SELECT id, '2027-08-31', 7500, $1 FROM ledger.investments WHERE maturity_date = '2027-09-01' AND status = 'active'`, [seed]);
      await database.query(`INSERT INTO ledger.entries (transfer_id, account_id, amount) SELECT $1, id, -1075 * 100000 FROM ledger.accounts WHERE user_id IS NULL AND kind = 'incoming_bank' AND currency = 'USD'`, [seed]);
      await database.query(`UPDATE ledger.accounts a SET balance = a.balance + s.total FROM (SELECT account_id, sum(amount) AS total FROM ledger.entries WHERE transfer_id = $1 GROUP BY account_id) s WHERE a.id = s.account_id`, [seed]);

      expect(await runDay()).toMatchObject({ matured: 1000 });
      const { rows } = await database.query(
        `SELECT count(DISTINCT t.reference) AS references, count(*) AS payouts FROM ledger.transactions t JOIN ledger.investments i ON i.id = t.investment_id WHERE i.closed_on = '2027-09-01' AND i.status = 'matured'`,
      );
      expect(rows[0]).toEqual({ references: '2000', payouts: '2000' });
      const { rows: available } = await database.query(
        `SELECT DISTINCT a.balance FROM ledger.accounts a JOIN ledger.investments i ON i.user_id = a.user_id WHERE i.closed_on = '2027-09-01' AND i.status = 'matured' AND a.kind = 'available'`,
      );
      expect(available).toEqual([{ balance: String(100000 + 7500 - 1250) }]);
      await expectCleanBook();
    } finally {
      await database.end();
    }
  });

  it('keeps deposits open while an approved investment awaits its money, though a newer application is in review', async () => {
    clock.set('2027-04-02T09:00:00Z');
    const actor = customer();
    await approved(actor);
    const submitted = eventEnvelope(ApplicationsEvents.submitted, {
      applicationId: randomUUID(),
      userId: actor.userId,
      applicationType: 'corporate',
      fullName: 'Ada Lovelace',
      email: 'ada@example.test',
      investmentAmount: '20000.00',
      submittedAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await publisher.waitUntilHandled(APPLICATIONS_EVENTS_STREAM, 'ledger', await publisher.publish(APPLICATIONS_EVENTS_STREAM, submitted));
    expect(await client.as(actor).send(LedgerCommands.requestDeposit, { method: 'bank', amount: '12000', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' })).toMatchObject({
      status: 'pending',
    });
    expect((await client.as(actor).send(LedgerCommands.summary, {})).depositsAllowed).toBe(true);
    // Without an approved investment, a pending application still closes the gate.
    const other = customer();
    await publisher.waitUntilHandled(APPLICATIONS_EVENTS_STREAM, 'ledger', await publisher.publish(APPLICATIONS_EVENTS_STREAM, { ...submitted, id: randomUUID(), payload: { ...submitted.payload, userId: other.userId, applicationId: randomUUID() } }));
    expect(await failure(client.as(other).send(LedgerCommands.requestDeposit, { method: 'bank', amount: '100', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' }))).toMatchObject({
      statusCode: 403,
      message: LEDGER_MESSAGES.depositNotAllowed,
    });
  });
});
