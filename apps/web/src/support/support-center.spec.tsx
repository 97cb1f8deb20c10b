import type { AuthSession } from '@portal/api-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '../app/routes';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';

// Pages are lazy chunks; on a busy machine the first render takes a while.
const SLOW = { timeout: 10_000 };
jest.setTimeout(120_000);

const signedInAs = (userType: 'customer' | 'admin') => async () => aSession(userType);

function open(path: string, renew: () => Promise<AuthSession>) {
  const { manager } = fakeSessionManager(renew);
  return renderRoutes(routes, { path, session: manager });
}

const ticket = {
  id: '3f2a9c1e-0000-4000-8000-000000000001',
  userId: '3f2a9c1e-0000-4000-8000-0000000000aa',
  subject: 'Deposit not credited',
  category: 'Payments',
  priority: 'high',
  message: 'x'.repeat(150),
  status: 'open',
  adminResponse: null,
  messageCount: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('Support Center (spec 02 §2)', () => {
  it('refuses an incomplete ticket with the spec message and sends nothing', async () => {
    const { calls } = fakeGateway({ 'GET /support/tickets': { status: 200, body: { items: [], nextCursor: null, total: 0 } } });
    open('/app/support', signedInAs('customer'));
    expect(await screen.findByText('Phone support is currently unavailable.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Hours: Mon–Fri 9AM–5PM SGT')).toBeInTheDocument();
    for (const category of ['Account Setup', 'Investing', 'Payments', 'Security']) expect(screen.getAllByText(category).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('tab', { name: /Support Tickets/ }));
    fireEvent.change(await screen.findByLabelText('Subject', {}, SLOW), { target: { value: 'Only a subject' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findByText('Please fill in all required fields.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Validation Error')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/support/tickets')).toHaveLength(0);
  });

  it('lists the first 10 tickets with the id\'s first 8 characters and a 100-character preview', async () => {
    const items = Array.from({ length: 12 }, (_, index) => ({ ...ticket, id: ticket.id.replace('001', String(100 + index)), subject: `Ticket ${index}` }));
    const { calls } = fakeGateway({ 'GET /support/tickets': { status: 200, body: { items, nextCursor: '10', total: 12 } } });
    open('/app/support', signedInAs('customer'));
    fireEvent.click(await screen.findByRole('tab', { name: /Support Tickets/ }, SLOW));
    const rows = await screen.findAllByTestId('ticket-row', {}, SLOW);
    expect(rows).toHaveLength(10);
    expect(within(rows[0]).getByText('#3f2a9c1e')).toBeInTheDocument();
    expect(within(rows[0]).getByText(`${'x'.repeat(100)}…`)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/support/tickets')?.query).toEqual({ limit: '10' });
  });
});

describe('Support Center admin view', () => {
  it('pages on past the first page of tickets, so every ticket can be reached', async () => {
    const row = (index: number) => ({ ...ticket, id: `3f2a9c1e-0000-4000-8000-${String(index).padStart(12, '0')}`, subject: `Ticket ${index}`, userName: 'Ada Lovelace', userEmail: 'ada@example.com' });
    // A short first page keeps the test quick; the screen asks for 100 at a time.
    const { calls } = fakeGateway({
      'GET /admin/me/permissions': { status: 200, body: { adminRole: 'support', permissions: ['tickets', 'notifications'] } },
      'GET /admin/support/tickets': async () =>
        // This request's query: the newest call to this path (the permissions may be asked after it).
        calls.filter((call) => call.path === '/admin/support/tickets').at(-1)?.query.cursor === '3'
          ? { status: 200, body: { items: [row(3), row(4)], nextCursor: null, total: 5 } }
          : { status: 200, body: { items: [row(0), row(1), row(2)], nextCursor: '3', total: 5 } },
    });
    open('/admin/support', async () => aSession('admin', { user: { ...aSession('admin').user, adminRole: 'support' } }));
    expect(await screen.findByText('Ticket 2', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByTestId('admin-ticket-row')).toHaveLength(3);
    fireEvent.click(screen.getByText('Load more (3 of 5 shown)'));
    expect(await screen.findByText('Ticket 4', {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByTestId('admin-ticket-row')).toHaveLength(5);
    expect(screen.queryByText(/Load more/)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/admin/support/tickets').map((call) => call.query)).toEqual([{ limit: '100' }, { limit: '100', cursor: '3' }]);
  });
});

describe('answering a ticket (issue 30)', () => {
  it('resolves by default with Send Response, and lets the admin send and keep the ticket open in the same action', async () => {
    const detail = { ...ticket, userName: 'Ada Lovelace', userEmail: 'ada@example.com', messages: [{ id: '3f2a9c1e-0000-4000-8000-0000000000m1', authorId: ticket.userId, authorRole: 'customer', body: 'Where is it?', createdAt: ticket.createdAt }] };
    const { calls } = fakeGateway({
      'GET /admin/me/permissions': { status: 200, body: { adminRole: 'support', permissions: ['tickets', 'notifications'] } },
      'GET /admin/support/tickets': { status: 200, body: { items: [detail], nextCursor: null, total: 1 } },
      [`GET /admin/support/tickets/${ticket.id}`]: { status: 200, body: detail },
      [`PATCH /admin/support/tickets/${ticket.id}`]: { status: 200, body: { ...detail, status: 'open' } },
    });
    open('/admin/support', async () => aSession('admin', { user: { ...aSession('admin').user, adminRole: 'support' } }));
    // The first lazy page of this run may take a while to compile.
    fireEvent.click(await screen.findByText('Deposit not credited', {}, { timeout: 30_000 }));
    const response = await screen.findByLabelText('Response', {}, SLOW);
    const patches = () => calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

    // The spec's default: Send Response, which resolves the ticket (no status is sent; the server resolves it).
    fireEvent.change(response, { target: { value: 'It is on its way.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Response' }));
    await waitFor(() => expect(patches()).toEqual([{ adminResponse: 'It is on its way.' }]));

    // Or another status, chosen beside the button.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Ticket status after sending' }));
    fireEvent.click(await screen.findByTitle('Keep open'));
    fireEvent.change(response, { target: { value: 'We are checking with the bank.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send and keep open' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]).toEqual({ adminResponse: 'We are checking with the bank.', status: 'open' });
    expect(await screen.findByText('Your response was sent and the ticket is now open.', {}, SLOW)).toBeInTheDocument();
  });
});

describe('the bell and the sidebar badge', () => {
  it('lists notifications when opened and marks them all read', async () => {
    let unread = 2;
    const { calls } = fakeGateway({
      'GET /notifications/unread-count': async () => ({ status: 200, body: { count: unread } }),
      'GET /notifications': {
        status: 200,
        body: {
          items: [{ id: '3f2a9c1e-0000-4000-8000-0000000000b1', title: 'Deposit completed', message: 'Your deposit of 1,500.00 USD was credited.', type: 'success', category: 'transaction', expiresAt: null, readAt: null, createdAt: '2026-11-20T10:00:00.000Z' }],
          nextCursor: null,
          total: 1,
        },
      },
      'POST /notifications/read-all': async () => {
        unread = 0;
        return { status: 200, body: { updated: 2 } };
      },
      'GET /support/tickets/summary': { status: 200, body: { openCount: 3 } },
    });
    open('/app/dashboard', signedInAs('customer'));
    const bell = await screen.findByRole('button', { name: /^Notifications/ }, SLOW);
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications. You have 2 unread notifications.'), SLOW);
    fireEvent.click(bell);
    expect(await screen.findByText('Deposit completed', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications. You have no unread notifications.'), SLOW);
    expect(calls.some((call) => call.method === 'POST' && call.path === '/notifications/read-all')).toBe(true);

    // jsdom matches no media query: the menu is in the drawer.
    fireEvent.click(screen.getByRole('button', { name: 'Toggle menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Customer menu' }, SLOW);
    await waitFor(() => expect(within(nav).getByLabelText('3 open tickets')).toBeInTheDocument(), SLOW);
  });
});
