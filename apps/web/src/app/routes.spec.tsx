import type { AuthSession } from '@portal/api-client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { routes } from './routes';

const signedOut = () => Promise.reject(new ApiError({ status: 401, message: 'No session', fromServer: true }));
const signedInAs = (userType: 'customer' | 'admin') => async () => aSession(userType);

function open(path: string, renew: () => Promise<AuthSession>) {
  const { manager } = fakeSessionManager(renew);
  return renderRoutes(routes, { path, session: manager });
}

describe('routes and guarding (spec 01 §2)', () => {
  beforeEach(() => fakeGateway());

  it('shows the loading card while the session is restored', () => {
    open('/app/dashboard', () => new Promise(() => undefined));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, remembering where they were going', async () => {
    const { currentLocation } = open('/app/deposit?tab=bank', signedOut);
    expect(await screen.findByText('Sign in to your Investment portal', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/auth/login');
    expect(currentLocation().state).toEqual({ from: { pathname: '/app/deposit', search: '?tab=bank', hash: '' } });
  });

  it('denies a customer the admin area, explains why and reports it to the server', async () => {
    const { calls } = fakeGateway();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { currentLocation } = open('/admin/users', signedInAs('customer'));

    expect(await screen.findByText('Access denied. You do not have permission to access admin areas.')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/access-denied');
    expect(screen.getByText('This security incident has been logged for review.')).toBeInTheDocument();
    expect(screen.getByText(/You are currently logged in as a customer user\./)).toBeInTheDocument();
    expect(screen.getByText(/Customer users can only access customer portal features\./)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/security-events',
          body: { type: 'unauthorized_access', path: '/admin/users' },
        }),
      ),
    );
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('sends an admin away from the customer portal to the admin dashboard', async () => {
    const { currentLocation } = open('/app/deposit', signedInAs('admin'));
    expect(await screen.findByRole('heading', { name: 'Dashboard Overview' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/admin/dashboard');
    expect(screen.getByText('Welcome back, Ada')).toBeInTheDocument();
  });

  it.each([
    ['/app', '/app/dashboard', 'Dashboard'],
    ['/app/withdrawal', '/app/withdraw', 'Withdrawal Management'],
    ['/app/card-requests', '/app/card-requests', 'Investment Card Requests'],
  ])('takes a customer from %s to %s', async (from, to, title) => {
    const { currentLocation } = open(from, signedInAs('customer'));
    expect(await screen.findByRole('heading', { name: title }, { timeout: 15_000 })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe(to);
  });

  it('takes an admin from /admin to the dashboard overview', async () => {
    const { currentLocation } = open('/admin', signedInAs('admin'));
    expect(await screen.findByRole('heading', { name: 'Dashboard Overview' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/admin/dashboard');
  });

  it('opens Account Settings with its four tabs', async () => {
    open('/app/settings', signedInAs('customer'));
    expect(await screen.findByRole('heading', { name: 'Settings' }, { timeout: 15_000 })).toBeInTheDocument();
    for (const tab of ['Profile', 'Security', 'Notifications', 'Preferences']) expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
  });

  it('redirects a signed-in user away from sign-up by type', async () => {
    const { currentLocation } = open('/auth/signup', signedInAs('admin'));
    await waitFor(() => expect(currentLocation().pathname).toBe('/admin/dashboard'));
  });

  it('shows the 404 page for unknown paths and logs the path', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    open('/no/such/page', signedOut);
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/no/such/page'));
    warn.mockRestore();
  });
});

describe('portal shell', () => {
  it('shows the bell without a badge when the count is unavailable', async () => {
    fakeGateway();
    open('/app/dashboard', signedInAs('customer'));
    const bell = await screen.findByRole('button', { name: /Notifications/ });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications. Notifications are not available right now.'));
    expect(bell.querySelector('.ant-badge-count')).toBeNull();
  });

  it('shows the unread count the server reports', async () => {
    fakeGateway({ 'GET /notifications/unread-count': { status: 200, body: { count: 4 } } });
    open('/app/dashboard', signedInAs('customer'));
    const bell = await screen.findByRole('button', { name: /Notifications/ });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications. You have 4 unread notifications.'));
  });

  it('lists the customer menu for customers, in a drawer on small screens', async () => {
    fakeGateway();
    open('/app/dashboard', signedInAs('customer'));
    // jsdom matches no media query, so the shell renders its small-screen form.
    fireEvent.click(await screen.findByRole('button', { name: 'Toggle menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Customer menu' });
    for (const label of ['My Investments', 'Withdrawal Management', 'Account Settings', 'Logout']) {
      expect(nav).toHaveTextContent(label);
    }
  });
});
