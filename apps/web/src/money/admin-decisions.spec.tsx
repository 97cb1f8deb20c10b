import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { AdminTransactionsTable } from './AdminTransactionsTable';
import type { TransactionView } from './money-api';

// The first render compiles antd's tables and dialogs; the machine running the suite may be busy.
// Dialogs are found by role, not by name: under test antd gives every element the same id, so aria-labelledby cannot name them.
jest.setTimeout(120_000);

const client = { id: '5f0c6a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a', firstName: 'Jane', lastName: 'Doe', email: 'jane@example.test' };

const deposit: TransactionView = {
  id: '0b5d3c1e-8a51-4f0e-9f7e-1c2d3e4f5a01',
  userId: client.id,
  type: 'deposit',
  status: 'pending',
  amount: '5000.00',
  currency: 'USD',
  method: 'bank',
  methodLabel: 'Bank Transfer',
  reference: 'DEP-1763900000000-AB12',
  description: 'Bank deposit',
  details: {},
  reason: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  client,
};

const withdrawal: TransactionView = { ...deposit, id: '0b5d3c1e-8a51-4f0e-9f7e-1c2d3e4f5a02', type: 'withdrawal', amount: '-500.00', reference: 'WTH-1763900000000-CD34', description: 'Withdrawal' };

function show(rows: TransactionView[]) {
  const decided = (row: TransactionView, status: string) => async () => ({ status: 200, body: { ...row, status } });
  const gateway = fakeGateway({
    'GET /admin/transactions': { status: 200, body: { items: rows, nextCursor: null, total: rows.length, totalCapped: false } },
    [`POST /admin/transactions/${deposit.id}/approve`]: decided(deposit, 'completed'),
    [`POST /admin/transactions/${withdrawal.id}/approve`]: decided(withdrawal, 'completed'),
    [`POST /admin/transactions/${withdrawal.id}/reject`]: decided(withdrawal, 'failed'),
  });
  const { manager } = fakeSessionManager(async () => aSession('admin'));
  renderRoutes([{ path: '/admin', element: <AdminTransactionsTable decisions /> }], { path: '/admin', session: manager });
  return gateway.calls;
}

const decisions = (calls: { method: string; path: string }[]) => calls.filter((call) => call.method === 'POST');
const rowOf = async (reference: string) => (await screen.findByText(reference, undefined, { timeout: 15_000 })).closest('tr') as HTMLElement;

describe('admin decisions on money (issue 30)', () => {
  it('asks before crediting a deposit, naming the customer, the amount and what happens; Cancel sends nothing', async () => {
    const calls = show([deposit]);
    const approve = within(await rowOf(deposit.reference)).getByRole('button', { name: 'Approve' });
    approve.focus();
    fireEvent.click(approve);
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 15_000 });
    expect(within(dialog).getByText(`Approve ${deposit.reference}?`)).toBeInTheDocument();
    expect(within(dialog).getByText('Jane Doe · jane@example.test')).toBeInTheDocument();
    expect(within(dialog).getByText('$5,000.00')).toBeInTheDocument();
    expect(within(dialog).getByText('$5,000.00 will be credited to Jane Doe’s available balance.')).toBeInTheDocument();
    // The confirm button is not where the focus lands: Enter alone decides nothing.
    expect(within(dialog).getByRole('button', { name: 'Approve' })).not.toHaveFocus();
    expect(decisions(calls)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(decisions(calls)).toEqual([]);
    // Keyboard users carry on from where they were.
    await waitFor(() => expect(approve).toHaveFocus());

    fireEvent.click(within(await rowOf(deposit.reference)).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('dialog', undefined, { timeout: 15_000 })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(decisions(calls).map((call) => call.path)).toEqual([`/admin/transactions/${deposit.id}/approve`]));
  });

  it('says that approving a withdrawal pays out the held amount', async () => {
    show([withdrawal]);
    fireEvent.click(within(await rowOf(withdrawal.reference)).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 15_000 });
    expect(within(dialog).getByText('The held $500.00 will be paid out to Jane Doe’s bank account.')).toBeInTheDocument();
  });

  it('keeps Reject disabled until a reason is typed, then sends the reason the customer will read', async () => {
    const calls = show([withdrawal]);
    fireEvent.click(within(await rowOf(withdrawal.reference)).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 15_000 });
    expect(within(dialog).getByText(`Reject ${withdrawal.reference}`)).toBeInTheDocument();
    expect(within(dialog).getByText('The withdrawal will be marked failed and the held $500.00 goes back to Jane Doe’s available balance.')).toBeInTheDocument();
    const reason = within(dialog).getByLabelText('Reason for the rejection');
    await waitFor(() => expect(reason).toHaveFocus(), { timeout: 5_000 });
    expect(reason).toBeRequired();
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    fireEvent.change(reason, { target: { value: '   ' } });
    expect(reject).toBeDisabled();
    fireEvent.click(reject);
    expect(decisions(calls)).toEqual([]);

    fireEvent.change(reason, { target: { value: '  The account name does not match  ' } });
    expect(reject).toBeEnabled();
    fireEvent.click(reject);
    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    expect(decisions(calls)[0]).toMatchObject({ path: `/admin/transactions/${withdrawal.id}/reject`, body: { reason: 'The account name does not match' } });
  });
});
