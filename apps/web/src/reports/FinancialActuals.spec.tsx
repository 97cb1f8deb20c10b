import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { addAmounts } from './FinancialActuals';
import { ReportsScreen } from './ReportsScreen';
import type { AdminReportView, EarningsActualsView, MaturityScheduleView, MaturityWeek } from './reports-api';

// The first render compiles antd's tabs, cards and tables; the machine running the suite may be busy.
jest.setTimeout(120_000);

const available = { available: true, message: null };

const report = (hasData: boolean): AdminReportView =>
  ({
    period: 'weekly',
    from: '2027-02-01T10:00:00.000Z',
    to: '2027-02-08T10:00:00.000Z',
    generatedAt: '2027-02-08T10:00:00.000Z',
    hasData,
    users: { ...available, data: { newUsers: 0, byType: [], byStatus: [], perDay: [] } },
    kyc: { ...available, data: { outcomes: [], documentsSubmitted: 0, documentReviews: [], perDay: [] } },
    applications: { ...available, data: { submitted: 0, byType: [], byStatus: [], requested: [], perDay: [] } },
    money: {
      ...available,
      data: {
        transactions: hasData ? 1 : 0,
        volumes: hasData ? [{ type: 'fee', status: 'completed', currency: 'USD', count: 1, amount: '10.00' }] : [],
        fees: [],
        totalVolume: [],
        perDay: [],
      },
    },
  }) as unknown as AdminReportView;

const usd = { feesEarned: '10.00', returnsPaid: '31.00', returnsAccrued: '128.34', assetsUnderManagement: '10128.34' };
const earnings: EarningsActualsView = {
  from: '2027-02-01T10:00:00.000Z',
  to: '2027-02-08T10:00:00.000Z',
  currency: 'USD',
  ...usd,
  byCurrency: [
    { currency: 'USD', ...usd },
    { currency: 'EUR', feesEarned: '0.00', returnsPaid: '0.00', returnsAccrued: '20.77', assetsUnderManagement: '2020.77' },
  ],
};

const week = (weekStart: string, principal = '0.00', returns = '0.00', count = 0): MaturityWeek => ({ weekStart, principal, returns, count });
const schedule: MaturityScheduleView = {
  from: '2027-02-08',
  to: '2027-05-08',
  days: 90,
  currency: 'USD',
  items: [week('2027-02-08', '3100.00', '31.00', 1), week('2027-02-15'), week('2027-02-22', '10000.10', '750.25', 2)],
  byCurrency: [
    { currency: 'USD', items: [week('2027-02-08', '3100.00', '31.00', 1), week('2027-02-15'), week('2027-02-22', '10000.10', '750.25', 2)] },
    { currency: 'EUR', items: [week('2027-02-08'), week('2027-02-15', '2000.00', '40.00', 1), week('2027-02-22')] },
  ],
};

function showFinancialTab(hasData = true) {
  const { calls } = fakeGateway({
    'GET /admin/reports': { status: 200, body: report(hasData) },
    'GET /admin/earnings': { status: 200, body: earnings },
    'GET /admin/maturities': { status: 200, body: schedule },
  });
  const { manager } = fakeSessionManager(async () => aSession('admin'));
  renderRoutes([{ path: '/admin/reports', element: <ReportsScreen /> }], { path: '/admin/reports', session: manager });
  return calls;
}

describe("the Reports' Financial tab", () => {
  it("shows the period's earnings actuals, each currency on its own, for the very window of the report", async () => {
    const calls = showFinancialTab();
    fireEvent.click(await screen.findByRole('tab', { name: 'Financial' }, { timeout: 15_000 }));
    const card = await screen.findByTestId('report-earnings', undefined, { timeout: 15_000 });
    const dollars = await within(card).findByTestId('earnings-USD', undefined, { timeout: 15_000 });
    for (const [label, value] of [
      ['Fees earned', '$10.00'],
      ['Returns paid', '$31.00'],
      ['Returns accrued', '$128.34'],
      ['Assets under management', '$10,128.34'],
    ]) {
      expect(within(dollars).getByText(label)).toBeInTheDocument();
      expect(within(dollars).getByText(value)).toBeInTheDocument();
    }
    expect(within(within(card).getByTestId('earnings-EUR')).getByText('€2,020.77')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/admin/earnings')?.query).toEqual({ from: '2027-02-01T10:00:00.000Z', to: '2027-02-08T10:00:00.000Z' });
    expect(screen.queryByText('Fees posted')).not.toBeInTheDocument();
  });

  it('lists the maturities of the next 90 days by week with the cash each week needs, one currency at a time', async () => {
    const calls = showFinancialTab();
    fireEvent.click(await screen.findByRole('tab', { name: 'Financial' }, { timeout: 15_000 }));
    const card = await screen.findByTestId('report-maturities', undefined, { timeout: 15_000 });
    expect(within(card).getByText('Maturity schedule: the next 90 days')).toBeInTheDocument();
    const first = (await within(card).findByText('Feb 08, 2027', undefined, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(first).getByText('$3,100.00')).toBeInTheDocument();
    expect(within(first).getByText('$31.00')).toBeInTheDocument();
    expect(within(first).getByText('$3,131.00')).toBeInTheDocument();
    // The total row: 13,100.10 principal and 781.25 returns, 13,881.35 due over three investments.
    const total = within(card).getByText('Total').closest('tr') as HTMLElement;
    expect(within(total).getByText('$13,100.10')).toBeInTheDocument();
    expect(within(total).getByText('$781.25')).toBeInTheDocument();
    expect(within(total).getByText('$13,881.35')).toBeInTheDocument();
    expect(within(total).getByText('3')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/admin/maturities')?.query).toEqual({ days: '90' });

    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'Currency' }));
    fireEvent.click(await screen.findByTitle('EUR'));
    await waitFor(() => expect(within(within(card).getByText('Feb 15, 2027').closest('tr') as HTMLElement).getByText('€2,040.00')).toBeInTheDocument());
    expect(within(card).queryByText('$3,131.00')).not.toBeInTheDocument();
  });

  it('still shows the actuals and the maturities for a period without transactions', async () => {
    showFinancialTab(false);
    fireEvent.click(await screen.findByRole('tab', { name: 'Financial' }, { timeout: 15_000 }));
    const panel = await screen.findByRole('tabpanel', { name: 'Financial' }, { timeout: 15_000 });
    expect(await within(panel).findByTestId('earnings-USD', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(panel).getByText('No report data available')).toBeInTheDocument();
    expect(await within(panel).findByTestId('report-maturities')).toBeInTheDocument();
  });

  it('adds amounts in whole cents', () => {
    expect(addAmounts('0.10', '0.20')).toBe('0.30');
    expect(addAmounts('10000.10', '750.25', '3100.00')).toBe('13850.35');
    expect(addAmounts()).toBe('0.00');
  });
});
