import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { envelope, fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import type { CardRequestView } from './cards-api';
import { CardRequestList } from './CardRequestsScreen';

// The first render compiles antd's table; the machine running the suite may be busy.
jest.setTimeout(120_000);

const ID = '00000000-0000-4000-8000-000000000001';
const request = (overrides: Partial<CardRequestView> = {}): CardRequestView => ({
  id: ID,
  userId: '7f1c2a6e-0c1d-4a57-9a3e-5b8c1d2e3f40',
  cardType: 'virtual',
  status: 'pending',
  cardName: 'Ada Online',
  reason: 'Online purchases',
  deliveryAddress: null,
  estimatedDelivery: null,
  trackingNumber: null,
  rejectionReason: null,
  requestDate: '2026-05-04T10:15:00.000Z',
  updatedAt: '2026-05-04T10:15:00.000Z',
  history: [{ status: 'pending', at: '2026-05-04T10:15:00.000Z', note: null }],
  ...overrides,
});

describe('cancelling a card request', () => {
  it('shows the request as it is now when an admin approved it before the cancellation arrived', async () => {
    let approved = false;
    fakeGateway({
      'GET /cards/requests': async () => ({
        status: 200,
        body: { items: [approved ? request({ status: 'approved' }) : request()], nextCursor: null, total: 1, counts: { physicalCards: 0, virtualCards: approved ? 1 : 0, pendingRequests: approved ? 0 : 1 } },
      }),
      [`DELETE /cards/requests/${ID}`]: async () => {
        approved = true;
        return envelope(409, 'Only pending card requests can be cancelled. This request is approved.', 'not_pending');
      },
    });
    const { manager } = fakeSessionManager(async () => aSession('customer'));
    renderRoutes([{ path: '/app', element: <CardRequestList /> }], { path: '/app', session: manager });

    const row = (await screen.findByText('Ada Online', undefined, { timeout: 10_000 })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'View Details' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Request' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));

    expect(await screen.findByText('Cancellation Failed', undefined, { timeout: 10_000 })).toBeInTheDocument();
    // The dialog no longer offers a cancellation the server refuses, and the list shows Approved.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel Request' })).toBeNull(), { timeout: 10_000 });
    expect(within(screen.getByText('Ada Online', { selector: 'td' }).closest('tr') as HTMLElement).getByText('Approved')).toBeInTheDocument();
  });
});
