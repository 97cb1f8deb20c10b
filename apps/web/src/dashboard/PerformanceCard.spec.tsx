import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvestmentView } from '@portal/api-client';
import { anInvestment, aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { hasNoHistory, periodStart, type PortfolioPerformance } from './performance-api';
import { PerformanceCard } from './PerformanceCard';

const SLOW = { timeout: 30_000 };
// The first render compiles antd's card, segmented control and statistics; the machine running the suite may be busy.
jest.setTimeout(120_000);

const earning: PortfolioPerformance = {
  currency: 'USD',
  series: [
    { date: '2026-03-01', value: '0.00', invested: '0.00', accrued: '0.00' },
    { date: '2026-03-02', value: '10000.00', invested: '10000.00', accrued: '0.00' },
    { date: '2026-03-05', value: '10012.21', invested: '10000.00', accrued: '12.21' },
    { date: '2026-03-06', value: '10016.28', invested: '10000.00', accrued: '16.28' },
  ],
  timeWeightedReturn: '0.0016',
  moneyWeightedReturn: '0.0412',
  earningsToDate: '16.28',
};

const zeros = (dates: string[]) => dates.map((date) => ({ date, value: '0.00', invested: '0.00', accrued: '0.00' }));

function open(performance: PortfolioPerformance, investments: InvestmentView[] = [anInvestment({})]) {
  const gateway = fakeGateway({
    'GET /me/preferences': { status: 404 },
    'GET /settings/public': { status: 200, body: { supportedCurrencies: ['USD'], featureToggles: {} } },
    'GET /investments': { status: 200, body: { items: investments, total: investments.length } },
    'GET /portfolio/performance': { status: 200, body: performance },
  });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app', element: <PerformanceCard /> }], { path: '/app', session: manager });
  return gateway;
}

const performanceCalls = (calls: ReturnType<typeof fakeGateway>['calls']) => calls.filter((call) => call.path === '/portfolio/performance');

// jsdom has no layout: recharts measures a chart of 0 × 0 and says so. Every other warning still shows.
const warn = console.warn.bind(console);
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => (String(args[0]).includes('of chart should be greater than 0') ? undefined : warn(...args))));
afterEach(() => jest.restoreAllMocks());

describe('the dashboard’s performance card (issue 28)', () => {
  it('shows the earnings to date and both returns of the period, each with what it means, and the value over time as a described chart', async () => {
    const { calls } = open(earning);
    expect(await screen.findByText('$16.28', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Earnings to date')).toBeInTheDocument();
    expect(screen.getByText('Time-weighted return')).toBeInTheDocument();
    expect(screen.getByText('0.16%')).toBeInTheDocument();
    expect(screen.getByText('How the investments themselves performed, whatever you paid in or took out.')).toBeInTheDocument();
    expect(screen.getByText('Money-weighted return')).toBeInTheDocument();
    expect(screen.getByText('4.12%')).toBeInTheDocument();
    expect(screen.getByText('What your own money earned, counting when you paid in and took out.')).toBeInTheDocument();
    expect(
      screen.getAllByRole('img', { name: 'Portfolio value from Mar 01, 2026 to Mar 06, 2026: $0.00 at the start, $10,016.28 at the end, $10,016.28 at its highest.' }).length,
    ).toBeGreaterThan(0);
    // The ledger's default period (the last 90 days) in the display currency.
    expect(performanceCalls(calls).map((call) => call.query)).toEqual([{ currency: 'USD' }]);
  });

  it('shows the chart’s figures as a table on demand: every day’s value and amount invested (issue 30)', async () => {
    open(earning);
    await screen.findByText('$16.28', {}, SLOW);
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const table = await screen.findByRole('table', { name: 'Portfolio performance' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Mar 01, 2026', '$0.00', '$0.00'],
      ['Mar 02, 2026', '$10,000.00', '$10,000.00'],
      ['Mar 05, 2026', '$10,012.21', '$10,000.00'],
      ['Mar 06, 2026', '$10,016.28', '$10,000.00'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Portfolio value' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Hide table' }));
    expect(screen.queryByRole('table', { name: 'Portfolio performance' })).not.toBeInTheDocument();
  });

  it('asks for the period chosen: 30 days, a year, or since the first investment', async () => {
    const { calls } = open(earning, [anInvestment({ createdAt: '2025-06-10T08:00:00.000Z' }), anInvestment({ id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e', createdAt: '2026-01-02T08:00:00.000Z' })]);
    await screen.findByText('$16.28', {}, SLOW);
    const period = screen.getByRole('radiogroup', { name: 'Period' });
    fireEvent.click(within(period).getByText('30 days'));
    await waitFor(() => expect(performanceCalls(calls)).toHaveLength(2));
    expect(performanceCalls(calls)[1].query).toEqual({ currency: 'USD', from: periodStart('30d', new Date(), undefined) });
    fireEvent.click(within(period).getByText('Since start'));
    await waitFor(() => expect(performanceCalls(calls)).toHaveLength(3));
    expect(performanceCalls(calls)[2].query).toEqual({ currency: 'USD', from: '2025-06-10' });
  });

  it('says so honestly when there is no history, with no figures', async () => {
    open({ currency: 'USD', series: zeros(['2026-03-01', '2026-03-02']), timeWeightedReturn: null, moneyWeightedReturn: null, earningsToDate: '0.00' }, []);
    expect(await screen.findByText('No performance to show yet. Once you have paid into an investment, its value and returns appear here.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Earnings to date')).not.toBeInTheDocument();
    expect(screen.queryByText(/%$/)).not.toBeInTheDocument();
  });

  it('shows a dash, not 0%, for a period with nothing invested, and keeps what was earned before it', async () => {
    open({ currency: 'USD', series: zeros(['2026-10-01', '2026-10-02']), timeWeightedReturn: null, moneyWeightedReturn: null, earningsToDate: '750.00' });
    expect(await screen.findByText('$750.00', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(2);
    expect(screen.getByText('Nothing was invested during this period, so there is no return to measure.')).toBeInTheDocument();
  });

  it('says when the performance could not be loaded', async () => {
    fakeGateway({ 'GET /settings/public': { status: 200, body: { supportedCurrencies: ['USD'] } }, 'GET /portfolio/performance': { status: 503, body: { statusCode: 503, message: 'down' } } });
    const { manager } = fakeSessionManager(async () => aSession('customer'));
    renderRoutes([{ path: '/app', element: <PerformanceCard /> }], { path: '/app', session: manager });
    expect(await screen.findByText('Your portfolio performance could not be loaded.', {}, SLOW)).toBeInTheDocument();
  });
});

describe('periods of the performance card', () => {
  const today = new Date('2026-03-06T23:30:00Z');

  it('counts back from today (UTC), both ends included, and leaves 90 days to the ledger’s default', () => {
    expect(periodStart('30d', today, undefined)).toBe('2026-02-05');
    expect(periodStart('1y', today, undefined)).toBe('2025-03-07');
    expect(periodStart('90d', today, '2020-01-01')).toBeUndefined();
  });

  it('starts "since start" on the first investment, five years back at most', () => {
    expect(periodStart('all', today, '2025-06-10')).toBe('2025-06-10');
    expect(periodStart('all', today, '2019-01-01')).toBe('2021-03-06');
    expect(periodStart('all', today, undefined)).toBeUndefined();
  });

  it('has no history only when nothing was ever held in the period nor earned', () => {
    expect(hasNoHistory({ ...earning, series: zeros(['2026-03-01']), earningsToDate: '0.00' })).toBe(true);
    expect(hasNoHistory({ ...earning, series: zeros(['2026-03-01']), earningsToDate: '0.01' })).toBe(false);
    expect(hasNoHistory(earning)).toBe(false);
  });
});
