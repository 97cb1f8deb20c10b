import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserRow } from '@portal/api-client';
import { aSession, aUser } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { UserManagement } from './UserManagement';

// The first render compiles antd's table, menus and modals; the machine running the suite may be busy.
jest.setTimeout(120_000);

type Role = 'super_admin' | 'admin' | 'moderator' | 'support';
const PERMISSIONS: Record<Role, string[]> = { super_admin: ['all'], admin: ['users', 'investments', 'transactions', 'kyc'], moderator: ['users', 'kyc'], support: [] };

const ME_ID = '11111111-1111-4111-8111-111111111111';
const row = (overrides: Partial<AdminUserRow>): AdminUserRow => ({
  id: '22222222-2222-4222-8222-222222222222',
  email: 'grace@example.test',
  firstName: 'Grace',
  lastName: 'Hopper',
  userType: 'customer',
  adminRole: null,
  userStatus: 'active',
  kycStatus: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const customer = row({});
const otherAdmin = row({ id: '33333333-3333-4333-8333-333333333333', email: 'linus@example.test', firstName: 'Linus', lastName: 'Admin', userType: 'admin', adminRole: 'moderator', kycStatus: 'pending' });

function showAs(adminRole: Role, answers: Parameters<typeof fakeGateway>[0] = {}) {
  const me = row({ id: ME_ID, email: 'me@example.test', firstName: 'Me', lastName: 'Myself', userType: 'admin', adminRole });
  const page = { items: [customer, otherAdmin, me], total: 3, nextCursor: null, counts: { total: 3, active: 3, suspended: 0, customers: 1, admins: 2, kycPending: 1 } };
  const gateway = fakeGateway({
    'GET /admin/users': { status: 200, body: page },
    'GET /admin/me/permissions': { status: 200, body: { adminRole, permissions: PERMISSIONS[adminRole] } },
    ...answers,
  });
  const session = aSession('admin', { user: aUser({ id: ME_ID, email: 'me@example.test', userType: 'admin', adminRole }) });
  const { manager } = fakeSessionManager(async () => session);
  renderRoutes([{ path: '/admin/users', element: <UserManagement /> }], { path: '/admin/users', session: manager });
  return gateway;
}

/** The labels of a row's action menu, or null when the row offers no actions. */
async function menuOf(email: string): Promise<string[] | null> {
  const cell = (await screen.findByText(email, undefined, { timeout: 10_000 })).closest('tr') as HTMLElement;
  const button = within(cell).queryByRole('button', { name: `Actions for ${email}` });
  if (!button) return null;
  fireEvent.click(button);
  const menu = await screen.findByRole('menu');
  const labels = within(menu).getAllByRole('menuitem').map((item) => item.textContent ?? '');
  fireEvent.click(button);
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return labels;
}

describe('User Management row actions: only what the signed-in admin may do', () => {
  it("offers a moderator the customer's suspension and KYC decisions, never deletion, other admins or their own account", async () => {
    showAs('moderator');
    // Wait for the role's current permissions before reading the menus.
    await waitFor(() => expect(screen.getByText('grace@example.test')).toBeInTheDocument(), { timeout: 10_000 });
    expect(await menuOf('grace@example.test')).toEqual(['Suspend', 'Sessions and devices', 'Approve KYC', 'Reject KYC']);
    expect(await menuOf('linus@example.test')).toBeNull();
    expect(await menuOf('me@example.test')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Admin' })).not.toBeInTheDocument();
  });

  it('offers a super admin every action on others, a role change for admins, and Create Admin, but nothing on their own account', async () => {
    showAs('super_admin');
    expect(await menuOf('grace@example.test')).toEqual(['Suspend', 'Sessions and devices', 'Approve KYC', 'Reject KYC', 'Delete']);
    expect(await menuOf('linus@example.test')).toEqual(['Suspend', 'Sessions and devices', 'Change role', 'Delete']);
    expect(await menuOf('me@example.test')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Admin' })).toBeInTheDocument();
  });

  it("changes another admin's role through the gateway and says so", async () => {
    const { calls } = showAs('super_admin', { [`PUT /admin/users/${otherAdmin.id}/admin-role`]: { status: 200, body: { ...otherAdmin, adminRole: 'support' } } });
    const actions = await screen.findByRole('button', { name: 'Actions for linus@example.test' }, { timeout: 10_000 });
    fireEvent.click(actions);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Change role' });
    expect(confirm).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByTitle('Support'));
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    expect(await screen.findByText('Admin role updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ path: `/admin/users/${otherAdmin.id}/admin-role`, body: { adminRole: 'support' } });
  });

  it("shows a customer's sessions and ends one after a confirmation", async () => {
    const sessionId = '44444444-4444-4444-8444-444444444444';
    const sessions = {
      items: [{ id: sessionId, current: false, userAgent: 'Mozilla/5.0', device: 'Chrome 131, Linux', createdAt: '2026-11-20T10:00:00.000Z', lastSeenAt: '2026-11-21T10:00:00.000Z', address: '203.0.113.7' }],
    };
    const { calls } = showAs('moderator', {
      [`GET /admin/users/${customer.id}/sessions`]: { status: 200, body: sessions },
      [`DELETE /admin/users/${customer.id}/sessions/${sessionId}`]: { status: 200, body: { ended: 1 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for grace@example.test' }, { timeout: 20_000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sessions and devices' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sessions of Grace Hopper')).toBeInTheDocument();
    expect(await within(dialog).findByText('Chrome 131, Linux')).toBeInTheDocument();
    expect(within(dialog).getByText('Address: 203.0.113.7')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the session on Chrome 131, Linux' }));
    const confirmation = await screen.findByText('Grace Hopper will be signed out of Chrome 131, Linux (203.0.113.7) at once.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirmation.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('Grace Hopper has been signed out of that session.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/admin/users/${customer.id}/sessions/${sessionId}`]);
    // Role queries over the whole table (its pinned Actions column included) take seconds on a busy machine.
  }, 60_000);
});

describe('User Management list', () => {
  it('words each count for its number: one customer, two admins', async () => {
    showAs('super_admin');
    expect(await screen.findByText('3 users found', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('1 customer')).toBeInTheDocument();
    expect(screen.getByText('2 admins')).toBeInTheDocument();
    expect(screen.getByText('3 accounts')).toBeInTheDocument();
  });

  it('pages by the cursor the gateway answers, and a new search starts again at the first page', async () => {
    const first = { items: [customer], total: 21, nextCursor: 'cursor-2', counts: { total: 2, active: 2, suspended: 0, customers: 1, admins: 1, kycPending: 1 } };
    const gateway = showAs('super_admin', {
      'GET /admin/users': async () => ({ status: 200, body: gateway.calls[gateway.calls.length - 1].query.cursor ? { ...first, items: [otherAdmin], nextCursor: null } : first }),
    });
    const userCalls = () => gateway.calls.filter((call) => call.path === '/admin/users').map((call) => call.query);
    expect(await screen.findByText('Page 1 of 2', undefined, { timeout: 10_000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('linus@example.test')).toBeInTheDocument();
    expect(userCalls().at(-1)).toEqual({ cursor: 'cursor-2', limit: '20' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'grace' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search users' }), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(userCalls().at(-1)).toEqual({ q: 'grace', limit: '20' }));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('scrolls the table sideways on a narrow screen instead of crushing names into a letter per line', async () => {
    showAs('super_admin');
    const cell = await screen.findByText('grace@example.test', undefined, { timeout: 10_000 });
    const table = cell.closest('table') as HTMLTableElement;
    expect(table.style.width).toBe('800px');
  });
});
