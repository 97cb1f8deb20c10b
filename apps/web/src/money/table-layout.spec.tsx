import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { viewport } from '../test/viewport';
import { AdminTransactionsTable } from './AdminTransactionsTable';
import type { TransactionView } from './money-api';
import { OwnTransactionsTable } from './OwnTransactionsTable';

// The first render compiles antd's tables; the machine running the suite may be busy.
jest.setTimeout(120_000);

const deposit: TransactionView = {
  id: '0b5d3c1e-8a51-4f0e-9f7e-1c2d3e4f5a6b',
  userId: '5f0c6a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
  type: 'deposit',
  status: 'pending',
  amount: '2500.00',
  currency: 'USD',
  method: 'bank',
  methodLabel: 'Bank Transfer',
  reference: 'DEP-1763900000000-AB12',
  description: 'Bank deposit from First Bank',
  details: {},
  reason: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  client: { id: '5f0c6a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test' },
};

function show(element: ReactElement, userType: 'admin' | 'customer') {
  const page = { items: [deposit], nextCursor: null, total: 1, totalCapped: false };
  fakeGateway({ 'GET /admin/transactions': { status: 200, body: page }, 'GET /transactions': { status: 200, body: page } });
  const { manager } = fakeSessionManager(async () => aSession(userType));
  renderRoutes([{ path: '/app', element }], { path: '/app', session: manager });
}

let restore: () => void = () => undefined;
afterEach(() => restore());

describe('Transaction Control and Deposit Management at 1366 px (issue 30)', () => {
  it.each([
    ['Transaction Control', <AdminTransactionsTable key="all" decisions />],
    ['Deposit Management', <AdminTransactionsTable key="deposits" fixedType="deposit" decisions />],
  ])('%s keeps the Actions column fixed at the right edge, Approve and Reject in it', async (_, element) => {
    restore = viewport(1366);
    show(element, 'admin');
    const row = (await screen.findByText('grace@example.test', undefined, { timeout: 15_000 })).closest('tr') as HTMLElement;
    const actions = within(row).getByRole('button', { name: 'Approve' }).closest('td') as HTMLElement;
    expect(actions.className).toMatch(/ant-table-cell-fix-(right|end)/);
    expect(within(actions).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'View Details' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' }).className).toMatch(/ant-table-cell-fix-(right|end)/);
  });
});

describe('the customer’s transactions on a phone (issue 30)', () => {
  it('at 390 px are cards, each with its View Details in the card, and no table', async () => {
    restore = viewport(390);
    show(<OwnTransactionsTable onMakeDeposit={() => undefined} />, 'customer');
    const card = (await screen.findByText('DEP-1763900000000-AB12', undefined, { timeout: 15_000 })).closest('li') as HTMLElement;
    expect(card).not.toBeNull();
    expect(within(card).getByText('Deposit')).toBeInTheDocument();
    expect(within(card).getByText('Reference')).toBeInTheDocument();
    expect(within(card).getByText('+$2,500.00')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'View Details' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('at 1366 px stay a table with a View Details in each row', async () => {
    restore = viewport(1366);
    show(<OwnTransactionsTable onMakeDeposit={() => undefined} />, 'customer');
    const row = (await screen.findByText('DEP-1763900000000-AB12', undefined, { timeout: 15_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'View Details' })).toBeInTheDocument();
  });
});
