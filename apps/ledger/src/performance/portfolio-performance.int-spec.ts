import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { ManualClock } from '@portal/config';
import {
  Actor,
  LedgerCommands,
  LedgerInvestmentCommands,
  LedgerPerformanceCommands,
  PERFORMANCE_MESSAGES,
  PortfolioPerformance,
  PortfolioPerformancePayload,
} from '@portal/contracts';
import { EventPublisher, refusalOf as failure, TestServiceClient } from '@portal/testing';
import { approvedDeposit, publishApproval } from '../testing/approvals-and-deposits';
import { LedgerUnderTest, startLedgerUnderTest } from '../testing/ledger-under-test';
import { InvestmentDay } from '../investments/investment-day';

jest.setTimeout(90_000);

const customer = (): Actor => ({ userId: randomUUID(), userType: 'customer', adminRole: null, sessionId: randomUUID() });
const admin: Actor = { userId: randomUUID(), userType: 'admin', adminRole: 'admin', sessionId: randomUUID() };

/** Every day from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

describe('portfolio performance from the ledger (moved clock)', () => {
  const clock = new ManualClock('2026-03-02T10:00:00Z');
  let ledger: LedgerUnderTest;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let publisher: EventPublisher;

  beforeAll(async () => {
    ledger = await startLedgerUnderTest('ledger_performance', { clock });
    ({ service, client, publisher } = ledger);
  });

  afterAll(async () => {
    await ledger?.stop();
  });

  const performanceOf = (actor: Actor, payload: PortfolioPerformancePayload = {}): Promise<PortfolioPerformance> =>
    client.as(actor).send(LedgerPerformanceCommands.portfolioPerformance, payload);
  const runDay = () => service.get(InvestmentDay).run(clock.today(), { wait: true });
  const pointOn = (performance: PortfolioPerformance, date: string) => performance.series.find((point) => point.date === date);

  // Postings of customer requests are stamped by the ledger's clock, as the investment day's are.
  async function deposited(actor: Actor, amount: string): Promise<void> {
    await approvedDeposit(client, actor, admin, amount);
  }

  /** Applications approved an application: the ledger opens its investment (10,000.00 for 6 months, 750.00 of return). */
  async function approved(actor: Actor): Promise<string> {
    const { investmentId } = await publishApproval(publisher, {
      userId: actor.userId,
      reviewedBy: admin.userId,
      submittedAt: clock.now().toISOString(),
      terms: { currency: 'USD', durationMonths: 6, expectedReturnRate: '15.00', feeRate: '2.50', amount: '10000.00', expectedReturnAmount: '750.00', feeAmount: '125.00' },
    });
    return investmentId;
  }

  async function paidFromBalance(actor: Actor, investmentId: string, amount: string): Promise<void> {
    await client.as(actor).send(LedgerCommands.payInvestment, { investmentId, amount, paymentMethod: 'balance' });
  }

  it('follows an investment from its payment through daily accruals to its payout: value per day, earnings, both returns', async () => {
    const actor = customer();
    clock.set('2026-03-02T10:00:00Z');
    await deposited(actor, '12000');
    const id = await approved(actor);
    await paidFromBalance(actor, id, '10000');
    // 750.00 over the 184 days to 2026-09-02: 4.07 a day. The run of a day accrues the days before it.
    clock.set('2026-03-05T02:00:00Z');
    expect(await runDay()).toMatchObject({ accrued: 3 });
    clock.set('2026-03-06T02:00:00Z');
    expect(await runDay()).toMatchObject({ accrued: 1 });
    clock.set('2026-03-06T10:00:00Z');

    const early = await performanceOf(actor, { from: '2026-03-01' });
    expect(early).toEqual({
      currency: 'USD',
      series: [
        { date: '2026-03-01', value: '0.00', invested: '0.00', accrued: '0.00' },
        { date: '2026-03-02', value: '10000.00', invested: '10000.00', accrued: '0.00' },
        { date: '2026-03-03', value: '10000.00', invested: '10000.00', accrued: '0.00' },
        { date: '2026-03-04', value: '10000.00', invested: '10000.00', accrued: '0.00' },
        { date: '2026-03-05', value: '10012.21', invested: '10000.00', accrued: '12.21' },
        { date: '2026-03-06', value: '10016.28', invested: '10000.00', accrued: '16.28' },
      ],
      // One payment that grew 16.28 on 10,000: 0.1628% both ways.
      timeWeightedReturn: '0.0016',
      moneyWeightedReturn: '0.0016',
      earningsToDate: '16.28',
    });
    // Days are the postings' UTC days: up to 2026-03-04 nothing had been accrued yet.
    expect(await performanceOf(actor, { from: '2026-03-02', to: '2026-03-04' })).toMatchObject({ timeWeightedReturn: '0.0000', moneyWeightedReturn: '0.0000', earningsToDate: '0.00' });
    // The day's value is the ledger's balance.
    const balance = await client.as(actor).send(LedgerCommands.getBalance, {});
    expect(balance).toMatchObject({ totalInvested: '10000.00', totalReturns: '16.28' });

    // The service was down until after maturity: the next run catches up every day and pays out.
    clock.set('2026-09-03T02:00:00Z');
    expect(await runDay()).toMatchObject({ matured: 1 });
    clock.set('2026-09-05T10:00:00Z');
    const whole = await performanceOf(actor, { from: '2026-03-01', to: '2026-09-05' });
    expect(whole.series.map((point) => point.date)).toEqual(daysBetween('2026-03-01', '2026-09-05'));
    expect(pointOn(whole, '2026-09-02')).toEqual({ date: '2026-09-02', value: '10016.28', invested: '10000.00', accrued: '16.28' });
    expect(pointOn(whole, '2026-09-03')).toEqual({ date: '2026-09-03', value: '0.00', invested: '0.00', accrued: '0.00' });
    // The accrued part paid out still counts as earned; 10,000 became 10,750: 7.5% both ways.
    expect(whole).toMatchObject({ earningsToDate: '750.00', timeWeightedReturn: '0.0750', moneyWeightedReturn: '0.0750' });

    // By default the last 90 days up to today: from 10,016.28 held on 2026-06-07 to 10,750.00 paid out.
    const recent = await performanceOf(actor);
    expect(recent.series).toHaveLength(90);
    expect(recent.series[0]).toEqual({ date: '2026-06-08', value: '10016.28', invested: '10000.00', accrued: '16.28' });
    expect(recent.series[89]).toEqual({ date: '2026-09-05', value: '0.00', invested: '0.00', accrued: '0.00' });
    expect(recent).toMatchObject({ currency: 'USD', earningsToDate: '750.00', timeWeightedReturn: '0.0733', moneyWeightedReturn: '0.0733' });

    // After the payout there is nothing invested to measure; what was earned stays earned.
    expect(await performanceOf(actor, { from: '2026-09-04' })).toMatchObject({ timeWeightedReturn: null, moneyWeightedReturn: null, earningsToDate: '750.00' });
  });

  it('shows a payment refunded by a cancellation as money in and out, with nothing earned', async () => {
    const actor = customer();
    clock.set('2026-10-01T09:00:00Z');
    await deposited(actor, '2000');
    const id = await approved(actor);
    await paidFromBalance(actor, id, '2000');
    await client.as(actor).send(LedgerInvestmentCommands.cancelInvestment, { investmentId: id });

    expect(await performanceOf(actor, { from: '2026-09-30', to: '2026-10-01' })).toEqual({
      currency: 'USD',
      series: [
        { date: '2026-09-30', value: '0.00', invested: '0.00', accrued: '0.00' },
        { date: '2026-10-01', value: '0.00', invested: '0.00', accrued: '0.00' },
      ],
      timeWeightedReturn: '0.0000',
      moneyWeightedReturn: '0.0000',
      earningsToDate: '0.00',
    });
  });

  it('answers a customer without investments with empty figures, not invented ones, in any currency', async () => {
    clock.set('2026-10-02T09:00:00Z');
    const actor = customer();
    const nothing = await performanceOf(actor);
    expect(nothing.series.map((point) => point.date)).toEqual(daysBetween('2026-07-05', '2026-10-02'));
    expect(nothing.series.every((point) => point.value === '0.00')).toBe(true);
    expect(nothing).toMatchObject({ currency: 'USD', timeWeightedReturn: null, moneyWeightedReturn: null, earningsToDate: '0.00' });
    expect(await performanceOf(actor, { currency: 'EUR', from: '2026-10-02' })).toEqual({
      currency: 'EUR',
      series: [{ date: '2026-10-02', value: '0.00', invested: '0.00', accrued: '0.00' }],
      timeWeightedReturn: null,
      moneyWeightedReturn: null,
      earningsToDate: '0.00',
    });
    // Five years at most, both ends counted.
    expect((await performanceOf(actor, { from: '2021-10-01', to: '2026-10-01' })).series).toHaveLength(1827);
  });

  it('refuses a period that is not one, and anyone but a customer', async () => {
    clock.set('2026-10-02T09:00:00Z');
    const actor = customer();
    const refused = (payload: object) => failure(client.as(actor).sendUnchecked(LedgerPerformanceCommands.portfolioPerformance, payload));
    const dateInvalid = (field: string) => ({ statusCode: 400, code: 'performance_date_invalid', message: PERFORMANCE_MESSAGES.dateInvalid, details: [{ field, message: PERFORMANCE_MESSAGES.dateInvalid }] });
    expect(await refused({ from: '2026-02-30' })).toMatchObject(dateInvalid('from'));
    expect(await refused({ to: 'yesterday' })).toMatchObject(dateInvalid('to'));
    expect(await refused({ to: '2026-10-03' })).toMatchObject({ statusCode: 400, code: 'performance_period_in_future', message: PERFORMANCE_MESSAGES.inFuture });
    expect(await refused({ from: '2026-10-02', to: '2026-10-01' })).toMatchObject({ statusCode: 400, code: 'performance_period_order', message: PERFORMANCE_MESSAGES.order });
    expect(await refused({ from: '2021-09-30', to: '2026-10-01' })).toMatchObject({ statusCode: 400, code: 'performance_period_too_long', message: PERFORMANCE_MESSAGES.tooLong });
    expect(await refused({ currency: 'XYZ' })).toMatchObject({ statusCode: 400 });
    expect(await failure(client.as(admin).send(LedgerPerformanceCommands.portfolioPerformance, {}))).toMatchObject({ statusCode: 403, code: 'performance_customers_only' });
  });
});
