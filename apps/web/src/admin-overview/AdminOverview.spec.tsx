import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { earningsWindow, type AdminStatsView, type EarningsActualsView } from './overview-api';
import { aSession, aUser } from '../test/builders';
import { fakeGateway, type GatewayCall } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { AdminOverview } from './AdminOverview';

// The first render compiles antd's cards, lists and statistics; the machine running the suite may be busy.
jest.setTimeout(120_000);

const available = { available: true, message: null, permitted: true };
const withheld = { available: false, message: null, permitted: false, data: null };

function stats(overrides: { documentsPending?: number; active?: number; suspended?: number } = {}): AdminStatsView {
  return {
    generatedAt: '2026-11-28T10:00:00.000Z',
    users: { ...available, data: { totalUsers: 2, active: overrides.active ?? 2, suspended: overrides.suspended ?? 0, pending: 0, customers: 1, admins: 1 } },
    kyc: { ...available, data: { pending: 1, verified: 0, rejected: 0, documentsPending: overrides.documentsPending ?? 1 } },
    investments: { ...available, data: { totalInvestments: 1, personal: 1, corporate: 0, gipp: 0, pendingApprovals: 1 } },
    money: {
      ...available,
      data: {
        lockedTotal: [{ currency: 'USD', amount: '50000.00' }],
        lockedDeposits: 1,
        earnings: [{ currency: 'USD', totalInvested: '2000.00', totalReturns: '0.00', platformFees: '0.00', roiRate: 0 }],
        latest: [],
      },
    },
  } as unknown as AdminStatsView;
}

const usd = { feesEarned: '125.00', returnsPaid: '750.00', returnsAccrued: '41.40', assetsUnderManagement: '10041.40' };
const actuals: EarningsActualsView = {
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-29T00:00:00.000Z',
  currency: 'USD',
  ...usd,
  byCurrency: [
    { currency: 'USD', ...usd },
    { currency: 'EUR', feesEarned: '10.00', returnsPaid: '0.00', returnsAccrued: '6.70', assetsUnderManagement: '2006.70' },
  ],
};

function show(view: AdminStatsView, options: { role?: 'super_admin' | 'admin' | 'moderator'; permissions?: string[] } = {}): GatewayCall[] {
  const role = options.role ?? 'super_admin';
  const { calls } = fakeGateway({
    'GET /admin/stats': { status: 200, body: view },
    'GET /admin/earnings': { status: 200, body: actuals },
    'GET /admin/me/permissions': { status: 200, body: { adminRole: role, permissions: options.permissions ?? ['all'] } },
  });
  const { manager } = fakeSessionManager(async () => aSession('admin', { user: aUser({ userType: 'admin', adminRole: role }) }));
  renderRoutes([{ path: '/admin/dashboard', element: <AdminOverview /> }], { path: '/admin/dashboard', session: manager });
  return calls;
}

describe('Admin overview', () => {
  it('counts one waiting document, one active user and one suspended user in the singular', async () => {
    show(stats({ documentsPending: 1, active: 1, suspended: 1 }));
    expect(await screen.findByText('1 document awaiting review', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('1 active')).toBeInTheDocument();
    expect(screen.getByText('1 suspended')).toBeInTheDocument();
  });

  it('counts several waiting documents in the plural', async () => {
    show(stats({ documentsPending: 3 }));
    expect(await screen.findByText('3 documents awaiting review', undefined, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('gives the Manage Security Deposits button a row of its own on phones, so it stays inside its card', async () => {
    show(stats());
    const card = await screen.findByTestId('overview-security-deposits', undefined, { timeout: 15_000 });
    const button = await within(card).findByRole('button', { name: 'Manage Security Deposits' }, { timeout: 15_000 });
    const column = button.closest('.ant-col') as HTMLElement;
    expect(column).toHaveClass('ant-col-xs-24');
    expect(column).toHaveClass('ant-col-md-6');
  });

  it("shows the Earnings Report's actuals for this month, each currency on its own, and asks again for another period", async () => {
    const calls = show(stats());
    const card = await screen.findByTestId('overview-earnings', undefined, { timeout: 15_000 });
    const dollars = await within(card).findByTestId('earnings-USD', undefined, { timeout: 15_000 });
    expect(within(dollars).getByText('Fees Earned')).toBeInTheDocument();
    expect(within(dollars).getByText('$125.00')).toBeInTheDocument();
    expect(within(dollars).getByText('$750.00')).toBeInTheDocument();
    expect(within(dollars).getByText('$41.40')).toBeInTheDocument();
    expect(within(dollars).getByText('$10,041.40')).toBeInTheDocument();
    const euros = within(card).getByTestId('earnings-EUR');
    expect(within(euros).getByText('€2,006.70')).toBeInTheDocument();
    // Never added together across currencies.
    expect(within(card).queryByText('$12,048.10')).not.toBeInTheDocument();
    expect(within(card).queryByText('ROI Rate')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/admin/earnings')?.query).toEqual(earningsWindow('thisMonth'));

    fireEvent.click(within(card).getByText('This year'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/admin/earnings').map((call) => call.query)).toContainEqual(earningsWindow('thisYear')));
  });

  it('leaves the Earnings Report out for a role without the reports permission, and does not ask for it', async () => {
    const calls = show(stats(), { role: 'admin', permissions: ['users', 'investments', 'transactions', 'kyc'] });
    expect(await screen.findByText('1 document awaiting review', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('overview-earnings')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/admin/earnings')).toBe(false);
  });

  it("leaves out the cards the admin's role does not cover, instead of showing them as failed", async () => {
    show({ ...stats(), investments: withheld, money: withheld } as unknown as AdminStatsView, { role: 'moderator', permissions: ['users', 'kyc'] });
    expect(await screen.findByText('1 document awaiting review', undefined, { timeout: 15_000 })).toBeInTheDocument();
    for (const card of ['overview-security-deposits', 'overview-investments', 'overview-pending', 'overview-latest']) expect(screen.queryByTestId(card)).not.toBeInTheDocument();
    expect(screen.getByTestId('overview-users')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load admin statistics')).not.toBeInTheDocument();
  });
});

describe('the Earnings Report periods', () => {
  const now = new Date('2027-03-15T10:00:00Z');

  it('are this month and this year up to today, and the whole of last month (UTC dates, both days included)', () => {
    expect(earningsWindow('thisMonth', now)).toEqual({ from: '2027-03-01', to: '2027-03-15' });
    expect(earningsWindow('lastMonth', now)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(earningsWindow('thisYear', now)).toEqual({ from: '2027-01-01', to: '2027-03-15' });
    expect(earningsWindow('lastMonth', new Date('2027-01-05T00:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});
