import { fireEvent, screen, within } from '@testing-library/react';
import { aSession, aUser } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { SystemSettings } from './SystemSettings';

// The first render compiles antd's tabs, tables and forms; the machine running the suite may be busy.
jest.setTimeout(120_000);

const adminRoles = {
  key: 'admin_roles',
  value: { super_admin: ['all'], admin: ['users', 'investments', 'transactions', 'kyc'], moderator: ['users', 'kyc'], support: ['tickets', 'notifications'] },
  description: null,
  updatedAt: '2026-11-28T10:00:00.000Z',
  updatedBy: null,
  updatedByEmail: null,
  version: 1,
};

describe('System Settings: Roles', () => {
  it('names roles and permissions in words, not by their codes, in a table that scrolls sideways on phones', async () => {
    fakeGateway({ 'GET /admin/settings': { status: 200, body: { items: [adminRoles] } } });
    const { manager } = fakeSessionManager(async () => aSession('admin', { user: aUser({ userType: 'admin', adminRole: 'super_admin' }) }));
    renderRoutes([{ path: '/admin/settings', element: <SystemSettings /> }], { path: '/admin/settings', session: manager });

    fireEvent.click(await screen.findByRole('tab', { name: 'Roles' }, { timeout: 15_000 }));
    const card = (await screen.findByText('Admin Roles', undefined, { timeout: 15_000 })).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Super admin: all permissions')).toBeInTheDocument();
    expect(within(card).queryByText(/super_admin/)).not.toBeInTheDocument();
    for (const header of ['Users', 'Investments', 'Transactions', 'KYC', 'Tickets', 'Notifications', 'Reports', 'Settings']) {
      expect(within(card).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    for (const role of ['Admin', 'Moderator', 'Support']) expect(within(card).getByRole('cell', { name: role })).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Moderator KYC' })).toBeChecked();
    expect((within(card).getByRole('table') as HTMLTableElement).style.width).toBe('800px');
  });
});
