import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession, aUser } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { SecurityDepositPanel } from './SecurityDepositPanel';

// The first render compiles antd's table and dialog; the machine running the suite may be busy.
jest.setTimeout(120_000);

describe('Security Deposit Management: Create Deposit', () => {
  it('keeps Create Deposit disabled while the amount is empty (spec 02 §5)', async () => {
    fakeGateway({
      'GET /admin/security-deposits': { status: 200, body: { items: [], totalLocked: [], activeDeposits: 0 } },
      'GET /balance': { status: 200, body: { currency: 'USD', available: '0.00', locked: '0.00', held: '0.00' } },
    });
    const { manager } = fakeSessionManager(async () => aSession('admin', { user: aUser({ userType: 'admin', adminRole: 'super_admin' }) }));
    renderRoutes([{ path: '/admin/security', element: <SecurityDepositPanel admin /> }], { path: '/admin/security', session: manager });

    fireEvent.click(await screen.findByRole('button', { name: 'Create Deposit' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    const create = within(dialog).getByRole('button', { name: 'Create Deposit' });
    expect(create).toBeDisabled();

    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '   ' } });
    await waitFor(() => expect(create).toBeDisabled());
    fireEvent.change(within(dialog).getByLabelText('Amount (USD)'), { target: { value: '2500' } });
    await waitFor(() => expect(create).toBeEnabled());
  });
});
