import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OversightRow } from '@portal/api-client';
import { aSession } from '../../test/builders';
import { fakeGateway } from '../../test/gateway';
import { fakeSessionManager, renderRoutes } from '../../test/render';
import { viewport } from '../../test/viewport';
import { InvestmentOversight } from './InvestmentOversight';

// The first render compiles antd's tables; the machine running the suite may be busy.
jest.setTimeout(120_000);

const row = (userName: string, overrides: Partial<OversightRow>): OversightRow => ({
  applicationId: crypto.randomUUID(),
  investmentId: null,
  userId: '5f0c6a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
  userName,
  userEmail: `${userName.split(' ')[0].toLowerCase()}@example.test`,
  investmentType: 'personal',
  amount: '10000.00',
  currency: 'USD',
  status: 'pending',
  expectedReturnRate: '15.00',
  expectedReturnAmount: '750.00',
  fundedAmount: null,
  accruedReturn: null,
  maturityDate: null,
  applicationDate: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const rows = [
  row('Ada Lovelace', { status: 'awaiting_funding', investmentId: crypto.randomUUID(), fundedAmount: '4000.00', accruedReturn: '0.00' }),
  row('Grace Hopper', { status: 'active', investmentId: crypto.randomUUID(), fundedAmount: '10000.00', accruedReturn: '41.40', maturityDate: '2027-05-29' }),
  row('Alan Turing', { status: 'matured', investmentId: crypto.randomUUID(), fundedAmount: '10000.00', accruedReturn: '750.00', maturityDate: '2026-11-01' }),
  row('Edsger Dijkstra', { status: 'cancelled', investmentId: crypto.randomUUID(), fundedAmount: '300.00', accruedReturn: '0.00', currency: 'EUR' }),
  row('Barbara Liskov', { status: 'pending' }),
];

function show() {
  const decided = (status: string) => async () => ({ status: 200, body: { id: rows[4].applicationId, status } });
  const { calls } = fakeGateway({
    [`POST /admin/applications/${rows[4].applicationId}/review`]: decided('approved'),
    'GET /admin/investments': {
      status: 200,
      body: { items: rows, total: rows.length, tiles: { totalInvestments: 5, totalValue: '50000.00', totalValueByCurrency: [{ currency: 'USD', amount: '50000.00' }], activeInvestments: 1, pendingApplications: 1 } },
    },
  });
  const { manager } = fakeSessionManager(async () => aSession('admin'));
  renderRoutes([{ path: '/admin', element: <InvestmentOversight /> }], { path: '/admin', session: manager });
  return calls;
}

const rowOf = async (name: string) => (await screen.findByText(name, undefined, { timeout: 15_000 })).closest('tr') as HTMLElement;

describe('Investment Oversight', () => {
  it("shows each investment's funding and accrued return, with a tag for every investment status", async () => {
    show();
    const ada = await rowOf('Ada Lovelace');
    expect(within(ada).getByText('$4,000.00 of $10,000.00 (40%)')).toBeInTheDocument();
    expect(within(ada).getByText('Awaiting Funding')).toBeInTheDocument();
    const grace = await rowOf('Grace Hopper');
    expect(within(grace).getByText('$10,000.00 of $10,000.00 (100%)')).toBeInTheDocument();
    expect(within(grace).getByText('$41.40')).toBeInTheDocument();
    expect(within(grace).getByText('Active')).toBeInTheDocument();
    const alan = await rowOf('Alan Turing');
    expect(within(alan).getByText('$750.00')).toBeInTheDocument();
    expect(within(alan).getByText('Matured')).toBeInTheDocument();
    const edsger = await rowOf('Edsger Dijkstra');
    expect(within(edsger).getByText('€300.00 of €10,000.00 (3%)')).toBeInTheDocument();
    expect(within(edsger).getByText('Cancelled')).toBeInTheDocument();
    // Not approved yet: no funding, no accrual; its decision buttons are there.
    const barbara = await rowOf('Barbara Liskov');
    expect(within(barbara).getAllByText('—').length).toBeGreaterThanOrEqual(2);
    expect(within(barbara).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Funded' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Accrued Return' })).toBeInTheDocument();

    fireEvent.click(within(grace).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Accrued return')).toBeInTheDocument();
    expect(within(dialog).getByText('$41.40')).toBeInTheDocument();
  });

  it('asks before approving or rejecting, with the customer, the amount and the consequence; a rejection needs a reason (issue 30)', async () => {
    const calls = show();
    const reviews = () => calls.filter((call) => call.method === 'POST');
    fireEvent.click(within(await rowOf('Barbara Liskov')).getByRole('button', { name: 'Approve' }));
    let dialog = await screen.findByRole('dialog', undefined, { timeout: 15_000 });
    expect(within(dialog).getByText('Approve this application?')).toBeInTheDocument();
    expect(within(dialog).getByText('Barbara Liskov · barbara@example.test')).toBeInTheDocument();
    expect(within(dialog).getByText('The application will be approved and an investment of $10,000.00 awaiting funding created for Barbara Liskov.')).toBeInTheDocument();
    expect(reviews()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(within(await rowOf('Barbara Liskov')).getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('dialog', undefined, { timeout: 15_000 });
    expect(within(dialog).getByText('The application will be rejected: Barbara Liskov is told it was not approved, with your reason.')).toBeInTheDocument();
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Reason for the rejection'), { target: { value: 'The source of funds is not documented' } });
    fireEvent.click(reject);
    await waitFor(() => expect(reviews()).toHaveLength(1));
    expect(reviews()[0]).toMatchObject({ path: `/admin/applications/${rows[4].applicationId}/review`, body: { decision: 'rejected', note: 'The source of funds is not documented' } });
  });

  it('filters by the new investment statuses', async () => {
    const calls = show();
    await rowOf('Ada Lovelace');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Investment status filter' }));
    for (const label of ['Awaiting Funding', 'Matured', 'Cancelled']) expect(await screen.findByTitle(label)).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('Awaiting Funding'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/admin/investments').map((call) => call.query.status)).toContain('awaiting_funding'));
  });

  it('keeps the actions column in view at the right edge at 1366px', async () => {
    const restore = viewport(1366);
    try {
      show();
      const ada = await rowOf('Ada Lovelace');
      const actions = within(ada).getByRole('button', { name: 'View' }).closest('td') as HTMLElement;
      expect(actions.className).toMatch(/ant-table-cell-fix-(right|end)/);
    } finally {
      restore();
    }
  });

  it('at 390px the actions are plain cells that wrap their buttons', async () => {
    const restore = viewport(390);
    try {
      show();
      const barbara = await rowOf('Barbara Liskov');
      const actions = within(barbara).getByRole('button', { name: 'Approve' }).closest('td') as HTMLElement;
      expect(actions.className).not.toMatch(/ant-table-cell-fix/);
      expect(within(actions).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
