import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aSession } from '../test/builders';
import { envelope, fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { DataAndPrivacy } from './DataAndPrivacy';

const SLOW = { timeout: 30_000 };
jest.setTimeout(180_000);

function open() {
  const { manager, revoke } = fakeSessionManager(async () => aSession('customer'));
  const view = renderRoutes(
    [
      { path: '/app/settings', element: <DataAndPrivacy /> },
      { path: '/auth/login', element: <p>Sign-in page</p> },
    ],
    { path: '/app/settings', session: manager },
  );
  return { ...view, revoke };
}

describe('Data and Privacy (spec 02 §2 Preferences, §8 messages)', () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = jest.fn(() => 'blob:my-data');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('downloads the export as a dated JSON file and says so', async () => {
    const { calls } = fakeGateway({ 'GET /me/export': { status: 200, body: { userId: 'me', identity: {} } } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Download My Data/ }, SLOW));
    expect(await screen.findByText('Data Downloaded', {}, SLOW)).toBeInTheDocument();
    expect(saved).toEqual([expect.stringMatching(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)]);
    expect(calls.filter((call) => call.path === '/me/export')).toHaveLength(1);
  });

  it('says Download Failed when a service cannot answer', async () => {
    fakeGateway({ 'GET /me/export': envelope(503, 'Your data could not be gathered completely because a service is unavailable. Please try again later.') });
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Download My Data/ }, SLOW));
    expect(await screen.findByText('Download Failed', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Failed to download your data. Please try again.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('deletes the account only with the password, shows the server’s refusal, then signs out', async () => {
    let attempts = 0;
    const { calls } = fakeGateway({
      'DELETE /me': async () => (++attempts === 1 ? envelope(400, 'The password is incorrect. Your account has not been deleted.', 'wrong_password') : { status: 200, body: { deleted: true } }),
      'POST /auth/logout': { status: 204 },
    });
    const { currentLocation } = open();
    fireEvent.click(await screen.findByRole('button', { name: /Delete Account/ }, SLOW));
    const confirm = await screen.findByRole('button', { name: 'Delete My Account' }, SLOW);
    fireEvent.click(confirm);
    expect(await screen.findByText('Please enter your password to confirm.', {}, SLOW)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Enter your password to confirm'), { target: { value: 'wrong-one' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Failed to delete account', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('The password is incorrect. Your account has not been deleted.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Enter your password to confirm'), { target: { value: 'correct-horse-7' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Account deleted successfully', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe('/auth/login'), SLOW);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ password: 'wrong-one' }, { password: 'correct-horse-7' }]);
  });
});
