import { fireEvent, screen, within } from '@testing-library/react';
import { anInvestment, aSession, aUser } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import CustomerViewPage from './CustomerViewPage';

// The first render compiles antd's cards, tabs and tables; the machine running the suite may be busy.
jest.setTimeout(120_000);

const customerId = '5b6c7d8e-9f00-4a1b-8c2d-3e4f5a6b7c8d';
const base = `/admin/customer-view/${customerId}`;
const ticketId = '6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f';

const account = { id: customerId, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', kycStatus: 'verified', userStatus: 'active', createdAt: '2026-11-01T09:00:00.000Z' };
const deposit = {
  id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
  userId: customerId,
  type: 'deposit',
  status: 'pending',
  amount: '1500.00',
  currency: 'USD',
  method: 'bank',
  methodLabel: 'Bank Transfer',
  reference: 'DEP-4242',
  description: 'Bank deposit',
  details: {},
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const ticket = {
  id: ticketId,
  userId: customerId,
  subject: 'Where is my deposit?',
  category: 'general',
  priority: 'medium',
  message: 'I sent 1,500 yesterday.',
  status: 'open',
  adminResponse: null,
  createdAt: '2026-11-20T11:00:00.000Z',
  updatedAt: '2026-11-20T11:00:00.000Z',
};

const application = (overrides: Record<string, unknown>) => ({
  userId: customerId,
  applicationType: 'personal',
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  phone: null,
  investmentAmount: '5000.00',
  currency: 'USD',
  investmentDuration: 12,
  investmentCategory: null,
  companyName: null,
  companyRegistration: null,
  applicationData: {},
  documents: [],
  reviewNote: null,
  reviewedAt: null,
  submittedAt: '2026-11-10T09:00:00.000Z',
  investmentId: null,
  createdAt: '2026-11-10T08:00:00.000Z',
  updatedAt: '2026-11-10T09:00:00.000Z',
  ...overrides,
});
const applications = {
  items: [
    application({ id: '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c', status: 'draft', investmentAmount: '2000.00', submittedAt: null }),
    application({ id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', applicationType: 'corporate', companyName: 'Hopper Ltd', status: 'rejected', investmentAmount: '250000.00', reviewNote: 'The certificate of incorporation is unreadable.', reviewedAt: '2026-11-12T09:00:00.000Z' }),
    application({ id: '1b2c3d4e-5f6a-4b7c-8d8e-9f0a1b2c3d4e', status: 'under_review' }),
  ],
  nextCursor: null,
  total: 3,
};

function viewAsAdmin(section?: string) {
  const gateway = fakeGateway({
    'GET /me': { status: 200, body: aUser({ userType: 'admin', adminRole: 'moderator', firstName: 'Mod', lastName: 'Erator' }) },
    'GET /me/preferences': { status: 404 },
    'GET /settings/public': { status: 200, body: { supportedCurrencies: ['USD'], featureToggles: {} } },
    [`GET ${base}`]: { status: 200, body: account },
    [`GET ${base}/balance`]: { status: 200, body: { currency: 'USD', available: '3800.00', held: '0.00', locked: '0.00', totalInvested: '2000.00', totalReturns: '150.00', otherCurrencies: [] } },
    [`GET ${base}/security-deposits`]: { status: 200, body: { items: [], totalLocked: [] } },
    [`GET ${base}/investments`]: { status: 200, body: { items: [anInvestment({ status: 'awaiting_funding', fundedAmount: '0.00', unfundedAmount: '2500.00' })], total: 1 } },
    [`GET ${base}/portfolio/performance`]: { status: 404 },
    [`GET ${base}/transactions/summary`]: { status: 200, body: { currency: 'USD', totalDeposits: '0.00', totalWithdrawals: '0.00', pendingRequests: 1, availableBalance: '3800.00', depositsAllowed: true } },
    [`GET ${base}/transactions`]: { status: 200, body: { items: [deposit], nextCursor: null } },
    [`GET ${base}/applications`]: { status: 200, body: applications },
    [`GET ${base}/support/tickets`]: { status: 200, body: { items: [ticket], nextCursor: null, total: 1 } },
    [`GET ${base}/support/tickets/${ticketId}`]: {
      status: 200,
      body: { ...ticket, messages: [{ id: '8e9f0a1b-2c3d-4e4f-8a5b-6c7d8e9f0a1b', authorId: customerId, authorRole: 'customer', body: 'I sent 1,500 yesterday.', createdAt: ticket.createdAt }] },
    },
  });
  const { manager } = fakeSessionManager(async () => aSession('admin'));
  renderRoutes([{ path: '/admin/customer-view/:userId', element: <CustomerViewPage /> }], { path: `${base}${section ? `?section=${section}` : ''}`, session: manager });
  return gateway;
}

/** Buttons and links that would change something for the customer, in any language of the view. */
const ACTIONS = /deposit|withdraw|pay|apply|cancel|new ticket|submit|send|reply/i;

function expectNoActions() {
  const actions = [...screen.queryAllByRole('button'), ...screen.queryAllByRole('link')]
    .map((element) => element.textContent?.trim() ?? '')
    .filter((text) => ACTIONS.test(text));
  expect(actions).toEqual([]);
}

describe('view as customer (admin, read only)', () => {
  it("says whose account it is, read only, with a way out, and shows the customer's dashboard without any action", async () => {
    const { calls } = viewAsAdmin();
    const title = await screen.findByText("You are viewing Grace Hopper's account (read only)");
    // Announced politely: the banner is a status region.
    expect(title.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Exit customer view' })).toBeInTheDocument();
    const balance = (await screen.findByText('Account Balance')).closest('.ant-card') as HTMLElement;
    expect(await within(balance).findByText('$3,800.00')).toBeInTheDocument();
    const status = (await screen.findByText('Account Status')).closest('.ant-card') as HTMLElement;
    expect(within(status).getByText('grace@example.com')).toBeInTheDocument();
    expect(await screen.findByText(/Left to pay \$2,500\.00/i)).toBeInTheDocument();
    expectNoActions();
    // Only the customer-view endpoints were read for the customer's data: never the admin's own.
    const dataCalls = calls.filter((call) => !['/me', '/me/preferences', '/settings/public', '/admin/me/permissions'].includes(call.path));
    expect(dataCalls.every((call) => call.method === 'GET' && call.path.startsWith(base))).toBe(true);
  });

  it("shows the customer's transactions and tickets as they see them, the conversation without a reply box", async () => {
    const { calls } = viewAsAdmin('transactions');
    expect(await screen.findByText('DEP-4242')).toBeInTheDocument();
    expectNoActions();

    fireEvent.click(screen.getByRole('tab', { name: 'Tickets' }));
    expect(await screen.findByText('Where is my deposit?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findAllByText('I sent 1,500 yesterday.')).not.toHaveLength(0);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expectNoActions();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("shows the customer's applications as their Status screen lists them, drafts without a way to continue them", async () => {
    const { calls } = viewAsAdmin();
    fireEvent.click(await screen.findByRole('tab', { name: 'Applications' }));
    const rejected = (await screen.findByText('Hopper Ltd')).closest('tr') as HTMLElement;
    expect(within(rejected).getByText('Corporate')).toBeInTheDocument();
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('$250,000.00')).toBeInTheDocument();
    expect(within(rejected).getByText('The certificate of incorporation is unreadable.')).toBeInTheDocument();
    expect(within(rejected).getByText('Nov 10, 2026')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('Under Review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /continue/i })).toBeNull();
    expectNoActions();
    // Read through the audited customer-view endpoint, never the admin's own application lists.
    expect(calls.some((call) => call.path === `${base}/applications`)).toBe(true);
    expect(calls.some((call) => call.path.startsWith('/applications') || call.path.startsWith('/admin/applications'))).toBe(false);
  });

  it('shows no customer view at all when the server refuses it', async () => {
    fakeGateway({
      'GET /me': { status: 200, body: aUser({ userType: 'admin', adminRole: 'admin' }) },
      [`GET ${base}`]: { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Only a customer’s account can be viewed as the customer sees it.', code: 'customer_view_not_a_customer' } },
    });
    const { manager } = fakeSessionManager(async () => aSession('admin'));
    renderRoutes([{ path: '/admin/customer-view/:userId', element: <CustomerViewPage /> }], { path: base, session: manager });
    expect(await screen.findByText('Only a customer’s account can be viewed as the customer sees it.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
