import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { SessionsSection } from './SessionsSection';

// The first render compiles antd's modals; the machine running the suite may be busy.
jest.setTimeout(120_000);

const CURRENT = '11111111-1111-4111-8111-111111111111';
const PHONE = '22222222-2222-4222-8222-222222222222';
const SCRIPT = '33333333-3333-4333-8333-333333333333';
const session = (id: string, overrides: Record<string, unknown>) => ({
  id,
  current: false,
  userAgent: 'Mozilla/5.0',
  device: 'Chrome 131, Linux',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-21T10:00:00.000Z',
  address: '203.0.113.7',
  ...overrides,
});
const list = {
  items: [
    session(CURRENT, { current: true, device: 'Firefox 133, Windows 10', address: '198.51.100.1' }),
    session(PHONE, { device: 'Safari 17, iOS 17.2, Apple iPhone', address: '198.51.100.2' }),
    session(SCRIPT, { device: null, userAgent: 'curl/8.4.0', address: null }),
  ],
};

function show(answers: Parameters<typeof fakeGateway>[0] = {}) {
  const gateway = fakeGateway({ 'GET /me/sessions': { status: 200, body: list }, ...answers });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app/settings/security', element: <SessionsSection /> }], { path: '/app/settings/security', session: manager });
  return gateway;
}

describe('Sessions and devices (Settings → Security)', () => {
  it('lists each session with its device, address and times, tags this device and offers End only on the others', async () => {
    show();
    const rows = await screen.findAllByTestId('session-row', undefined, { timeout: 10_000 });
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Firefox 133, Windows 10')).toBeInTheDocument();
    expect(within(rows[0]).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Address: 198.51.100.2')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/^First seen .* · Last seen .*$/)).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'End the session on Safari 17, iOS 17.2, Apple iPhone' })).toBeInTheDocument();
    // An agent that names no browser: said to be unknown, with the agent as it was sent.
    expect(within(rows[2]).getByText('Unknown device')).toBeInTheDocument();
    expect(within(rows[2]).getByText('curl/8.4.0')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Address: unknown')).toBeInTheDocument();
  });

  it('ends another session only once confirmed', async () => {
    const { calls } = show({ [`DELETE /me/sessions/${PHONE}`]: { status: 200, body: { ended: 1 } } });
    fireEvent.click(await screen.findByRole('button', { name: 'End the session on Safari 17, iOS 17.2, Apple iPhone' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Safari 17, iOS 17.2, Apple iPhone (198.51.100.2) will be signed out at once.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'End the session on Safari 17, iOS 17.2, Apple iPhone' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('That browser has been signed out.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/me/sessions/${PHONE}`]);
  });

  it('ends all other sessions after a confirmation that counts them', async () => {
    const { calls } = show({ 'DELETE /me/sessions': { status: 200, body: { ended: 2 } } });
    await screen.findAllByTestId('session-row', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 other sessions will be signed out at once. This device stays signed in.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End all other sessions' }));
    expect(await screen.findByText('2 other sessions were ended.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/me/sessions']);
  });

  it('says why when a session could not be ended', async () => {
    show({ [`DELETE /me/sessions/${PHONE}`]: { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'sign_in_session_not_found', message: 'This session has already ended or does not exist.' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'End the session on Safari 17, iOS 17.2, Apple iPhone' }, { timeout: 10_000 }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('This session has already ended or does not exist.')).toBeInTheDocument();
  });
});
