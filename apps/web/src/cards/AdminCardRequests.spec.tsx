import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { envelope, fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { viewport } from '../test/viewport';
import { AdminCardRequests } from './AdminCardRequests';
import type { CardRequestPage, CardRequestView } from './cards-api';

// The first render compiles antd's table; the machine running the suite may be busy.
jest.setTimeout(120_000);

const request = (n: number, overrides: Partial<CardRequestView> = {}): CardRequestView => {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    userId: '11111111-1111-4111-8111-111111111111',
    cardType: 'virtual',
    status: 'pending',
    cardName: `Card ${n}`,
    reason: 'Online purchases',
    deliveryAddress: null,
    estimatedDelivery: null,
    trackingNumber: null,
    rejectionReason: null,
    requestDate: '2026-05-04T10:15:00.000Z',
    updatedAt: '2026-05-04T10:15:00.000Z',
    history: [{ status: 'pending', at: '2026-05-04T10:15:00.000Z', note: null }],
    client: { id: '11111111-1111-4111-8111-111111111111', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    ...overrides,
  };
};

const page = (items: CardRequestView[], total: number, nextCursor: string | null = null): CardRequestPage => ({
  items,
  nextCursor,
  total,
  counts: { physicalCards: 0, virtualCards: 0, pendingRequests: total },
});

function show(answers: Parameters<typeof fakeGateway>[0]) {
  const gateway = fakeGateway(answers);
  const { manager } = fakeSessionManager(async () => aSession('admin'));
  renderRoutes([{ path: '/admin/cards', element: <AdminCardRequests /> }], { path: '/admin/cards', session: manager });
  return gateway;
}

const rowOf = async (cardName: string) => (await screen.findByText(cardName, undefined, { timeout: 10_000 })).closest('tr') as HTMLElement;

describe('the back office card requests', () => {
  it('keeps Approve and Reject in view at 1366 px: the Actions column is fixed at the right edge, wide enough for its buttons (issue 30)', async () => {
    const restore = viewport(1366);
    try {
      show({ 'GET /admin/cards/requests': { status: 200, body: page([request(1)], 1) } });
      const actions = within(await rowOf('Card 1')).getByRole('button', { name: 'Approve' }).closest('td') as HTMLElement;
      expect(actions.className).toMatch(/ant-table-cell-fix-(right|end)/);
      expect(within(actions).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
      const widths = Array.from((actions.closest('table') as HTMLTableElement).querySelectorAll('col')).map((col) => col.style.width);
      expect(widths.at(-1)).toBe('240px');
    } finally {
      restore();
    }
  });

  it('pages through every request by the server cursor, so requests beyond the newest ones can still be decided', async () => {
    const first = Array.from({ length: 20 }, (_, index) => request(index + 1));
    const oldest = request(99, { cardName: 'Oldest pending card' });
    const { calls } = show({
      'GET /admin/cards/requests': async () => {
        // This request's query: the newest call to this path (others, such as the role's permissions, may come after).
        const { query } = calls.filter((call) => call.path === '/admin/cards/requests').at(-1)!;
        return { status: 200, body: query.cursor === 'page-2' ? page([oldest], 21) : page(first, 21, 'page-2') };
      },
    });

    await rowOf('Card 1');
    expect(screen.getByText(/21 card requests/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/admin/cards/requests').every((call) => Number(call.query.limit) <= 100)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const row = await rowOf('Oldest pending card');
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/admin/cards/requests').at(-1)?.query).toMatchObject({ cursor: 'page-2' });
    expect(screen.getByText('Page 2')).toBeInTheDocument();
  });

  it('says a deleted account’s request text was erased, in the list and its details, instead of blank cells', async () => {
    const erased = request(7, { status: 'cancelled', cardType: 'physical', cardName: '', reason: '', deliveryAddress: '', client: undefined });
    show({ 'GET /admin/cards/requests': async () => ({ status: 200, body: page([erased], 1) }) });

    const row = (await screen.findByText('Erased with the account', undefined, { timeout: 10_000 })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    // Card name, reason and delivery address.
    expect(within(dialog).getAllByText('Erased with the account')).toHaveLength(3);
  });

  it('shows the request as it is now when another admin decided it first, instead of offering the decision again', async () => {
    let decided = false;
    show({
      'GET /admin/cards/requests': async () => ({
        status: 200,
        body: page([decided ? request(1, { status: 'rejected', rejectionReason: 'Duplicate' }) : request(1)], 1),
      }),
      'POST /admin/cards/requests/00000000-0000-4000-8000-000000000001/decision': async () => {
        decided = true;
        return envelope(409, 'Only pending card requests can be approved. This request is rejected.', 'card_decision_not_pending');
      },
    });

    const row = await rowOf('Card 1');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Update Failed', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByText('Card 1').closest('tr') as HTMLElement).queryByRole('button', { name: 'Approve' })).toBeNull(), { timeout: 10_000 });
    expect(within(screen.getByText('Card 1').closest('tr') as HTMLElement).getByText('Rejected')).toBeInTheDocument();
  });

  it('says the list could not be loaded rather than that there are no requests', async () => {
    show({ 'GET /admin/cards/requests': envelope(503, 'The ledger service is unavailable. Please try again.') });

    expect(await screen.findByText('Failed to load card requests.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('No card requests found')).toBeNull();
  });
});
