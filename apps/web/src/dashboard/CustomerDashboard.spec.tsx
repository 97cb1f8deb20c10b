import { fireEvent, screen, within } from '@testing-library/react';
import type { InvestmentView } from '@portal/api-client';
import { InvestmentPortfolio } from '../investments/InvestmentPortfolio';
import { anInvestment, aSession, aUser } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import CustomerDashboardPage from './CustomerDashboardPage';

// The first render compiles antd's cards and lists; the machine running the suite may be busy.
jest.setTimeout(120_000);

function customerWith(investments: InvestmentView[], me = aUser({ kycStatus: 'verified' })) {
  fakeGateway({
    'GET /me': { status: 200, body: me },
    'GET /me/preferences': { status: 404 },
    'GET /settings/public': { status: 200, body: { supportedCurrencies: ['USD'], featureToggles: {} } },
    'GET /balance': { status: 200, body: { currency: 'USD', available: '3800.00', held: '1200.00', locked: '0.00', totalInvested: '2000.00', totalReturns: '150.00', otherCurrencies: [] } },
    'GET /security-deposits': { status: 200, body: { items: [] } },
    'GET /investments': { status: 200, body: { items: investments, total: investments.length } },
    'GET /applications': { status: 200, body: { items: [], nextCursor: null, total: 0 } },
  });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes(
    [
      { path: '/app', element: <CustomerDashboardPage /> },
      { path: '/app/deposit', element: <p>The deposit screen</p> },
      { path: '/app/portfolio', element: <InvestmentPortfolio /> },
    ],
    { path: '/app', session: manager },
  );
}

/** A stat card, by its title. */
async function statCard(title: string): Promise<HTMLElement> {
  return (await screen.findByText(title)).closest('.ant-card') as HTMLElement;
}

describe('customer dashboard', () => {
  it("shows spec 02's stat cards from the ledger and the customer's investments, the earnings as returns accrued plus returns paid", async () => {
    customerWith([anInvestment({}), anInvestment({ id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e', status: 'matured', maturityDate: '2026-10-01', accruedReturn: '375.00' })]);
    await within(await statCard('Total Investments')).findByText('$2,000.00');
    await within(await statCard('Active Plans')).findByText('1');
    await within(await statCard('Total Earnings')).findByText('$525.00');
    await within(await statCard('Account Balance')).findByText('$3,800.00');
    expect(screen.getByText('$150.00 accrued, paid at maturity')).toBeInTheDocument();
    expect(screen.getByText('$375.00 paid to your balance')).toBeInTheDocument();
  });

  it('shows the same figures as the portfolio: one source for each', async () => {
    customerWith([
      anInvestment({ accruedReturn: '150.00' }),
      anInvestment({ id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e', status: 'matured', maturityDate: '2026-10-01', accruedReturn: '375.00' }),
      anInvestment({ id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', status: 'awaiting_funding', fundedAmount: '0.00', unfundedAmount: '2500.00', startDate: null, maturityDate: null }),
    ]);
    const figure = async (title: string) => (await statCard(title)).querySelector('.ant-statistic-content')?.textContent;
    await within(await statCard('Total Earnings')).findByText('$525.00');
    const dashboard = { invested: await figure('Total Investments'), active: await figure('Active Plans'), earnings: await figure('Total Earnings') };
    expect(dashboard).toEqual({ invested: '$2,000.00', active: '1', earnings: '$525.00' });

    fireEvent.click(screen.getByRole('link', { name: 'View Investments' }));
    await within(await statCard('Total Earnings')).findByText('$525.00');
    const portfolio = { invested: await figure('Total Invested'), active: await figure('Active Investments'), earnings: await figure('Total Earnings') };
    expect(portfolio).toEqual(dashboard);
  });

  it('lists the investments soonest maturity first, with their expected return, and links to the portfolio', async () => {
    customerWith([anInvestment({}), anInvestment({ id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e', investmentType: 'corporate', amount: '1000.00', maturityDate: '2027-02-23', expectedReturnAmount: '200.00' })]);
    const card = (await screen.findByText('Your Investments')).closest('.ant-card') as HTMLElement;
    const titles = (await within(card).findAllByText(/ · \$/)).map((element) => element.textContent);
    expect(titles).toEqual(['Corporate · $1,000.00', 'Personal · $2,500.00']);
    expect(within(card).getByText(/Expected return \$200\.00/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/app/portfolio');
  });

  it('offers to apply when there is no investment yet, and the quick actions lead to the money screens', async () => {
    customerWith([]);
    expect(await screen.findByText('You have no investments yet. An application becomes an investment once it is approved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for an investment' })).toHaveAttribute('href', '/app/investments');
    expect(screen.getByRole('link', { name: 'Make a Deposit' })).toHaveAttribute('href', '/app/deposit');
    expect(screen.getByRole('link', { name: 'Request Withdrawal' })).toHaveAttribute('href', '/app/withdraw');
    expect(screen.getByRole('link', { name: 'View Investments' })).toHaveAttribute('href', '/app/portfolio');
    // Within the app, without reloading it.
    fireEvent.click(screen.getByRole('link', { name: 'Make a Deposit' }));
    expect(await screen.findByText('The deposit screen')).toBeInTheDocument();
  });

  it("shows the account's state as identity holds it now, not as the session remembers it", async () => {
    customerWith([], aUser({ email: 'ada@example.com', kycStatus: 'rejected', userStatus: 'active' }));
    const card = (await screen.findByText('Account Status')).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('ada@example.com')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).getByText('Rejected')).toBeInTheDocument();
  });
});
