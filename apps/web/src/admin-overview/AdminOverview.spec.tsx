import { screen, within } from '@testing-library/react';
import type { AdminStatsView } from './overview-api';
import { aSession, aUser } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { AdminOverview } from './AdminOverview';

// The first render compiles antd's cards, lists and statistics; the machine running the suite may be busy.
jest.setTimeout(120_000);

const available = { available: true, message: null };

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

function show(view: AdminStatsView) {
  fakeGateway({
    'GET /admin/stats': { status: 200, body: view },
    'GET /admin/me/permissions': { status: 200, body: { adminRole: 'super_admin', permissions: ['all'] } },
  });
  const { manager } = fakeSessionManager(async () => aSession('admin', { user: aUser({ userType: 'admin', adminRole: 'super_admin' }) }));
  return renderRoutes([{ path: '/admin/dashboard', element: <AdminOverview /> }], { path: '/admin/dashboard', session: manager });
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
});
