import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestMicroservice } from '@nestjs/common';
import { ManualClock } from '@portal/config';
import { Actor, Currency, LedgerCommands, LedgerEarningsCommands, MaturityWeek } from '@portal/contracts';
import { EventPublisher, refusalOf as failure, TestServiceClient } from '@portal/testing';
import { approvedDeposit, publishApproval } from '../testing/approvals-and-deposits';
import { LedgerUnderTest, startLedgerUnderTest } from '../testing/ledger-under-test';
import { InvestmentDay } from '../investments/investment-day';

jest.setTimeout(90_000);

const actor = (userType: 'admin' | 'customer', adminRole: Actor['adminRole'] = null): Actor => ({ userId: randomUUID(), userType, adminRole, sessionId: randomUUID() });
/** Decides the deposits: the admin role has the transactions permission but, by default, not reports. */
const moneyAdmin = actor('admin', 'admin');
const superAdmin = actor('admin', 'super_admin');

interface Terms {
  currency: Currency;
  amount: string;
  expectedReturnAmount: string;
  feeAmount: string;
  durationMonths: number;
}

/** Every Monday of the schedule, all zero but the weeks given. */
function weeks(first: string, count: number, busy: Record<string, Omit<MaturityWeek, 'weekStart'>> = {}): MaturityWeek[] {
  return Array.from({ length: count }, (_, index) => {
    const weekStart = new Date(Date.parse(`${first}T00:00:00Z`) + index * 7 * 86_400_000).toISOString().slice(0, 10);
    return { weekStart, ...(busy[weekStart] ?? { principal: '0.00', returns: '0.00', count: 0 }) };
  });
}

// Issue 28: the Earnings Report's actuals and treasury's maturity schedule, from the book's
// investments as they are funded, accrue, mature and are cancelled on a moved clock.
describe('earnings actuals and the maturity schedule (moved clock)', () => {
  const clock = new ManualClock('2027-01-04T09:00:00Z');
  let ledger: LedgerUnderTest;
  let service: INestMicroservice;
  let client: TestServiceClient;
  let publisher: EventPublisher;

  beforeAll(async () => {
    ledger = await startLedgerUnderTest('ledger_earnings', { clock });
    ({ service, client, publisher } = ledger);
  });

  afterAll(async () => {
    await ledger?.stop();
  });

  const runDay = () => service.get(InvestmentDay).run(clock.today(), { wait: true });
  const earnings = (from: string, to: string, as = superAdmin) => client.as(as).send(LedgerEarningsCommands.earnings, { from, to });
  const maturities = (days?: number, as = superAdmin) => client.as(as).send(LedgerEarningsCommands.maturities, days === undefined ? {} : { days });

  const deposited = (customer: Actor, amount: string, currency: Currency) => approvedDeposit(client, customer, moneyAdmin, amount, currency);

  /** Applications approved an application: the ledger opens its investment with these terms, awaiting funding. */
  async function approved(customer: Actor, terms: Terms): Promise<string> {
    const { investmentId } = await publishApproval(publisher, { userId: customer.userId, reviewedBy: moneyAdmin.userId, submittedAt: clock.now().toISOString(), terms: { expectedReturnRate: '15.00', feeRate: '2.50', ...terms } });
    return investmentId;
  }

  const pay = (customer: Actor, investmentId: string, amount: string) => client.as(customer).send(LedgerCommands.payInvestment, { investmentId, amount, paymentMethod: 'balance' });

  it('answers fees earned, returns paid, returns accrued and assets under management for a period, per currency, and the weekly maturities ahead', async () => {
    const customer = actor('customer');
    await deposited(customer, '20000', 'USD');
    await deposited(customer, '2000', 'EUR');
    // Monday 4 January 2027. A: 6 months, 750.00 over 181 days (4.14 a day). B: 1 month, 31.00 over 31 days (1.00 a day).
    // C awaits funding with 1,500.00 paid. D, in euros: 2 months, 40.00 over 59 days (0.67 a day).
    const a = await approved(customer, { currency: 'USD', amount: '10000.00', expectedReturnAmount: '750.00', feeAmount: '125.00', durationMonths: 6 });
    const b = await approved(customer, { currency: 'USD', amount: '3100.00', expectedReturnAmount: '31.00', feeAmount: '10.00', durationMonths: 1 });
    const c = await approved(customer, { currency: 'USD', amount: '5000.00', expectedReturnAmount: '100.00', feeAmount: '20.00', durationMonths: 6 });
    const d = await approved(customer, { currency: 'EUR', amount: '2000.00', expectedReturnAmount: '40.00', feeAmount: '10.00', durationMonths: 2 });
    await pay(customer, a, '10000');
    await pay(customer, b, '3100');
    await pay(customer, c, '1500');
    await pay(customer, d, '2000');

    // Nothing was open before that day.
    expect(await earnings('2027-01-01T00:00:00Z', '2027-01-04T00:00:00Z')).toEqual({
      from: '2027-01-01T00:00:00.000Z',
      to: '2027-01-04T00:00:00.000Z',
      currency: 'USD',
      feesEarned: '0.00',
      returnsPaid: '0.00',
      returnsAccrued: '0.00',
      assetsUnderManagement: '0.00',
      byCurrency: [{ currency: 'USD', feesEarned: '0.00', returnsPaid: '0.00', returnsAccrued: '0.00', assetsUnderManagement: '0.00' }],
    });

    // Ten days accrue (4 to 13 January).
    clock.set('2027-01-14T02:00:00Z');
    await runDay();
    const now = await earnings('2027-01-01T00:00:00Z', clock.now().toISOString());
    // Principal of A and B with their 41.40 and 10.00 accrued, and the 1,500.00 paid into C. Euros apart, never added.
    expect(now).toMatchObject({ currency: 'USD', feesEarned: '0.00', returnsPaid: '0.00', returnsAccrued: '51.40', assetsUnderManagement: '14651.40' });
    expect(now.byCurrency).toEqual([
      { currency: 'USD', feesEarned: '0.00', returnsPaid: '0.00', returnsAccrued: '51.40', assetsUnderManagement: '14651.40' },
      { currency: 'EUR', feesEarned: '0.00', returnsPaid: '0.00', returnsAccrued: '6.70', assetsUnderManagement: '2006.70' },
    ]);
    // As of an earlier end: only the days that had ended by then (4 to 9 January) count.
    expect((await earnings('2027-01-01T00:00:00Z', '2027-01-10T00:00:00Z')).byCurrency).toEqual([
      { currency: 'USD', feesEarned: '0.00', returnsPaid: '0.00', returnsAccrued: '30.84', assetsUnderManagement: '14630.84' },
      { currency: 'EUR', feesEarned: '0.00', returnsPaid: '0.00', returnsAccrued: '4.02', assetsUnderManagement: '2004.02' },
    ]);

    // Today is Thursday 14 January: 90 days run to 13 April, fourteen weeks from Monday 11 January.
    expect(await maturities()).toEqual({
      from: '2027-01-14',
      to: '2027-04-13',
      days: 90,
      currency: 'USD',
      items: weeks('2027-01-11', 14, { '2027-02-01': { principal: '3100.00', returns: '31.00', count: 1 } }),
      byCurrency: [
        { currency: 'USD', items: weeks('2027-01-11', 14, { '2027-02-01': { principal: '3100.00', returns: '31.00', count: 1 } }) },
        { currency: 'EUR', items: weeks('2027-01-11', 14, { '2027-03-01': { principal: '2000.00', returns: '40.00', count: 1 } }) },
      ],
    });
    // Half a year ahead, A matures on Sunday 4 July, in the week from Monday 28 June.
    const halfYear = await maturities(180);
    expect(halfYear.to).toBe('2027-07-12');
    expect(halfYear.items.filter((week) => week.count > 0)).toEqual([
      { weekStart: '2027-02-01', principal: '3100.00', returns: '31.00', count: 1 },
      { weekStart: '2027-06-28', principal: '10000.00', returns: '750.00', count: 1 },
    ]);

    // 4 February: B matures (its 31.00 return and its 10.00 fee), C is cancelled unfunded (its 1,500.00 refunded, not a return).
    clock.set('2027-02-04T03:00:00Z');
    expect(await runDay()).toMatchObject({ matured: 1, expired: 1 });
    const february = await earnings('2027-02-01T00:00:00Z', '2027-03-01T00:00:00Z');
    expect(february.byCurrency).toEqual([
      { currency: 'USD', feesEarned: '10.00', returnsPaid: '31.00', returnsAccrued: '128.34', assetsUnderManagement: '10128.34' },
      { currency: 'EUR', feesEarned: '0.00', returnsPaid: '0.00', returnsAccrued: '20.77', assetsUnderManagement: '2020.77' },
    ]);
    expect(february).toMatchObject({ feesEarned: '10.00', returnsPaid: '31.00', returnsAccrued: '128.34', assetsUnderManagement: '10128.34' });
    // January's own figures stay what they were: nothing earned or paid yet, 28 days of A and B accrued by its end.
    expect(await earnings('2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z')).toMatchObject({ feesEarned: '0.00', returnsPaid: '0.00', returnsAccrued: '143.92' });
    // What B paid is no longer due.
    expect((await maturities()).items.filter((week) => week.count > 0)).toEqual([]);
  });

  it('answers admins whose role has the reports permission only, and checks the window and the horizon', async () => {
    for (const [who, code] of [
      [moneyAdmin, 'admin_role_lacks_permission'],
      [actor('admin', 'support'), 'admin_role_lacks_permission'],
      [actor('customer'), 'admin_access_denied'],
    ] as const) {
      expect(await failure(earnings('2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', who))).toMatchObject({ statusCode: 403, code });
      expect(await failure(maturities(90, who))).toMatchObject({ statusCode: 403, code });
    }
    expect(await failure(earnings('2027-02-01T00:00:00Z', '2027-01-01T00:00:00Z'))).toMatchObject({ statusCode: 400, code: 'report_window_order' });
    expect(await failure(earnings('2027-02-30T00:00:00Z', '2027-03-02T00:00:00Z'))).toMatchObject({ statusCode: 400 });
    expect(await failure(earnings('2025-01-01T00:00:00Z', '2027-01-01T00:00:00Z'))).toMatchObject({ statusCode: 400, code: 'report_window_too_long' });
    for (const days of [0, 366, 1.5]) expect(await failure(client.as(superAdmin).sendUnchecked(LedgerEarningsCommands.maturities, { days }))).toMatchObject({ statusCode: 400 });
    expect(await maturities(1)).toMatchObject({ from: clock.today(), to: clock.today(), days: 1 });
  });
});
