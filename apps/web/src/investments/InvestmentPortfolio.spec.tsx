import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvestmentView } from '@portal/api-client';
import { anInvestment, aSession } from '../test/builders';
import { envelope, fakeGateway, type GatewayCall } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { InvestmentPortfolio } from './InvestmentPortfolio';
import { termPercent } from './use-investments';

// The first render compiles antd's tables; the machine running the suite may be busy.
jest.setTimeout(120_000);

const investment = (overrides: Partial<InvestmentView>): InvestmentView => anInvestment({ currency: 'EUR', ...overrides });

const AWAITING = investment({
  id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
  investmentType: 'corporate',
  amount: '10000.00',
  fundedAmount: '4000.00',
  pendingAmount: '1000.00',
  unfundedAmount: '5000.00',
  status: 'awaiting_funding',
  startDate: null,
  maturityDate: null,
  fundingDeadline: '2026-12-29',
  durationMonths: 6,
  expectedReturnAmount: '750.00',
  feeAmount: '125.00',
  netPayout: '10625.00',
});
const ACTIVE = investment({ accruedReturn: '12.30' });
const MATURED = investment({ id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', investmentType: 'gipp', status: 'matured', startDate: '2025-01-10', maturityDate: '2026-01-10', accruedReturn: '375.00' });
const MATURED_IN_DOLLARS = investment({ id: '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a', currency: 'USD', status: 'matured', amount: '1000.00', accruedReturn: '150.00' });
const CANCELLED = investment({ id: '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b', status: 'cancelled', amount: '500.00', startDate: null, maturityDate: null });

function showPortfolio(items: InvestmentView[], cancel: { status: number; body?: unknown } = { status: 200, body: { ...AWAITING, status: 'cancelled' } }) {
  const gateway = fakeGateway({
    'GET /me/preferences': { status: 404 },
    'GET /settings/public': { status: 200, body: { supportedCurrencies: ['USD', 'EUR'], featureToggles: {} } },
    // The display currency is USD: the ledger's figures in dollars.
    'GET /balance': { status: 200, body: { currency: 'USD', available: '3800.00', held: '0.00', locked: '0.00', totalInvested: '12500.00', totalReturns: '42.10', otherCurrencies: [] } },
    'GET /investments': { status: 200, body: { items, total: items.length } },
    'GET /applications': { status: 200, body: { items: [], nextCursor: null, total: 0 } },
    [`POST /investments/${AWAITING.id}/cancel`]: cancel,
  });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes(
    [
      { path: '/app/portfolio', element: <InvestmentPortfolio /> },
      { path: '/app/deposit', element: <p>The payment screen</p> },
    ],
    { path: '/app/portfolio', session: manager },
  );
  return gateway;
}

const rowOf = async (text: string | RegExp) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const statCard = async (title: string) => (await screen.findByText(title)).closest('.ant-card') as HTMLElement;
const cancels = (calls: GatewayCall[]) => calls.filter((call) => call.method === 'POST' && call.path.endsWith('/cancel'));

describe('Investment portfolio (issue 28)', () => {
  it('shows an investment awaiting funding: how much is paid, a funding bar, the deadline and its figures at maturity', async () => {
    showPortfolio([AWAITING]);
    const row = await rowOf('Corporate');
    expect(within(row).getByText('Awaiting Funding')).toBeInTheDocument();
    expect(within(row).getByText('€4,000.00 of €10,000.00 paid')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: 'Funding progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(row).getByText('€1,000.00 waiting for confirmation')).toBeInTheDocument();
    expect(within(row).getByText('Pay by Dec 29, 2026')).toBeInTheDocument();
    expect(within(row).getByText('Expected: 15% (€750.00)')).toBeInTheDocument();
    expect(within(row).getByText('Fee: 2.5% (€125.00)')).toBeInTheDocument();
    expect(within(row).getByText('Net payout: €10,625.00')).toBeInTheDocument();
    expect(within(row).getByText('6 months')).toBeInTheDocument();
  });

  it('leads the Pay button to the payment form with the investment chosen', async () => {
    showPortfolio([AWAITING]);
    const row = await rowOf('Corporate');
    const pay = within(row).getByRole('link', { name: /^Pay/ });
    expect(pay).toHaveAccessibleName('Pay the €5,000.00 left on Corporate · €10,000.00');
    expect(pay).toHaveAttribute('href', `/app/deposit?tab=payments&investment=${AWAITING.id}`);
    fireEvent.click(pay);
    expect(await screen.findByText('The payment screen')).toBeInTheDocument();
  });

  it('shows an active investment from its start to its maturity, with the return accrued so far; no Pay or Cancel', async () => {
    showPortfolio([ACTIVE]);
    const row = await rowOf('Personal');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Nov 23, 2026 → Nov 23, 2027')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: 'Progress to maturity' })).toBeInTheDocument();
    expect(within(row).getByText('Accrued so far: €12.30')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Cancel investment/ })).not.toBeInTheDocument();
  });

  it('measures the way to maturity in days', () => {
    const active = anInvestment({ startDate: '2026-01-01', maturityDate: '2026-01-11' });
    expect(termPercent(active, new Date('2025-12-31T12:00:00Z'))).toBe(0);
    expect(termPercent(active, new Date('2026-01-06T08:00:00Z'))).toBe(50);
    expect(termPercent(active, new Date('2026-03-01T00:00:00Z'))).toBe(100);
  });

  it('shows a matured investment with the return paid, and a cancelled one as cancelled', async () => {
    showPortfolio([MATURED, CANCELLED]);
    const matured = await rowOf('GIPP');
    expect(within(matured).getByText('Matured')).toBeInTheDocument();
    expect(within(matured).getByText('Matured on Jan 10, 2026')).toBeInTheDocument();
    expect(within(matured).getByText('Paid at maturity: €375.00')).toBeInTheDocument();
    const cancelled = (await screen.findByText('Cancelled')).closest('tr') as HTMLElement;
    expect(within(cancelled).getByText('Cancelled: anything paid in went back to your available balance.')).toBeInTheDocument();
  });

  it('cancels an investment awaiting funding only once the customer confirms', async () => {
    const { calls } = showPortfolio([AWAITING]);
    const row = await rowOf('Corporate');
    fireEvent.click(within(row).getByRole('button', { name: /^Cancel investment/ }));
    const confirmation = (await screen.findByText('Cancel this investment?')).closest('.ant-popover') as HTMLElement;
    expect(within(confirmation).getByText('The €4,000.00 already paid in returns to your available balance.')).toBeInTheDocument();
    expect(cancels(calls)).toEqual([]);
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(cancels(calls)).toHaveLength(1));
    expect(cancels(calls)[0].path).toBe(`/investments/${AWAITING.id}/cancel`);
    expect(await screen.findByText('Investment cancelled')).toBeInTheDocument();
    // The list and the balance are read again.
    await waitFor(() => expect(calls.filter((call) => call.path === '/investments').length).toBeGreaterThan(1));
    await waitFor(() => expect(calls.filter((call) => call.path === '/balance').length).toBeGreaterThan(1));
  });

  it('shows the server’s refusal to cancel by its code', async () => {
    showPortfolio([AWAITING], envelope(409, 'Only an investment that is still waiting for payment can be cancelled.', 'investment_cannot_cancel'));
    fireEvent.click(within(await rowOf('Corporate')).getByRole('button', { name: /^Cancel investment/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Investment not cancelled')).toBeInTheDocument();
    expect(screen.getByText('Only an investment that is still waiting for payment can be cancelled.')).toBeInTheDocument();
  });

  it('totals from the ledger (invested, returns accrued) and the matured investments (returns paid), as the dashboard does', async () => {
    showPortfolio([AWAITING, ACTIVE, MATURED, MATURED_IN_DOLLARS]);
    expect(await within(await statCard('Total Invested')).findByText('$12,500.00')).toBeInTheDocument();
    // Total Earnings: 42.10 accrued + 150.00 paid.
    const earnings = await statCard('Total Earnings');
    expect(await within(earnings).findByText('$192.10')).toBeInTheDocument();
    expect(within(earnings).getByText('$42.10 accrued, paid at maturity')).toBeInTheDocument();
    expect(within(earnings).getByText('$150.00 paid to your balance')).toBeInTheDocument();
    expect(within(earnings).getByText('Also paid: €375.00')).toBeInTheDocument();
    const active = await statCard('Active Investments');
    expect(within(active).getByText('1')).toBeInTheDocument();
    expect(within(active).getByText('1 awaiting funding')).toBeInTheDocument();
  });
});
