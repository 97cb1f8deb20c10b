import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../api/api-error';
import { routes } from '../../app/routes';
import { aSession } from '../../test/builders';
import { envelope, fakeGateway } from '../../test/gateway';
import { fakeSessionManager, renderRoutes } from '../../test/render';

const noSession = () => Promise.reject(new ApiError({ status: 401, message: 'No session', fromServer: true }));

function openLogin(path: string, state?: unknown) {
  const { manager, revoke } = fakeSessionManager(noSession);
  return { manager, revoke, ...renderRoutes(routes, { path, state, session: manager }) };
}

async function signIn(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it('names the chosen portal', async () => {
    fakeGateway();
    openLogin('/auth/login?portal=admin');
    expect(await screen.findByRole('heading', { name: 'Sign in to your Administrator portal' })).toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const { calls } = fakeGateway();
    openLogin('/auth/login');
    await signIn('ada@example.com', '');
    expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/login')).toHaveLength(0);
  });

  it('shows the server’s message as given', async () => {
    fakeGateway({ 'POST /auth/login': envelope(401, 'Invalid email or password', 'invalid_credentials') });
    openLogin('/auth/login');
    await signIn('ada@example.com', 'wrong-password');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('falls back to its own words when the server sent none', async () => {
    fakeGateway({ 'POST /auth/login': { status: 502 } });
    openLogin('/auth/login');
    await signIn('ada@example.com', 'password');
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('signs a customer in and opens their dashboard', async () => {
    const { calls } = fakeGateway({ 'POST /auth/login': { status: 200, body: aSession('customer') } });
    const { currentLocation, manager } = openLogin('/auth/login?portal=customer');
    await signIn('  ada@example.com ', 'analytical');
    await waitFor(() => expect(currentLocation().pathname).toBe('/app/dashboard'));
    expect(manager.getState().status).toBe('signedIn');
    expect(calls.find((call) => call.path === '/auth/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'analytical',
    });
  });

  it('asks for the authenticator code when the server says so, and signs in with it', async () => {
    const challenge = { mfaRequired: true, mfaToken: 'challenge-token', enrolmentRequired: false, expiresIn: 300 };
    const { calls } = fakeGateway({
      'POST /auth/login': { status: 200, body: challenge },
      'POST /auth/login/mfa': { status: 200, body: aSession('customer') },
    });
    const { currentLocation, manager } = openLogin('/auth/login?portal=customer');
    await signIn('ada@example.com', 'analytical');
    fireEvent.change(await screen.findByLabelText('Authentication code', {}, { timeout: 5_000 }), { target: { value: ' 123456 ' } });
    expect(manager.getState().status).not.toBe('signedIn');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/app/dashboard'));
    expect(manager.getState().status).toBe('signedIn');
    expect(calls.find((call) => call.path === '/auth/login/mfa')?.body).toEqual({ mfaToken: 'challenge-token', code: '123456' });
  });

  it('shows a wrong code’s message and stays on the second step', async () => {
    fakeGateway({
      'POST /auth/login': { status: 200, body: { mfaRequired: true, mfaToken: 'challenge-token', enrolmentRequired: false, expiresIn: 300 } },
      'POST /auth/login/mfa': envelope(400, 'Invalid verification code. Please try again.', 'invalid_two_factor_code'),
    });
    const { currentLocation } = openLogin('/auth/login');
    await signIn('ada@example.com', 'analytical');
    fireEvent.change(await screen.findByLabelText('Authentication code', {}, { timeout: 5_000 }), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid verification code. Please try again.')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/auth/login');
  });

  it('returns to the page the visitor was sent away from', async () => {
    fakeGateway({ 'POST /auth/login': { status: 200, body: aSession('customer') } });
    const { currentLocation } = openLogin('/auth/login', { from: { pathname: '/app/deposit', search: '', hash: '' } });
    await signIn('ada@example.com', 'analytical');
    await waitFor(() => expect(currentLocation().pathname).toBe('/app/deposit'));
  });

  it('takes an admin who chose the customer portal to the admin dashboard', async () => {
    fakeGateway({ 'POST /auth/login': { status: 200, body: aSession('admin') } });
    const { currentLocation } = openLogin('/auth/login?portal=customer');
    await signIn('grace@example.com', 'compiler');
    await waitFor(() => expect(currentLocation().pathname).toBe('/admin/dashboard'));
  });

  it('refuses a customer on the admin portal and signs them out again', async () => {
    fakeGateway({ 'POST /auth/login': { status: 200, body: aSession('customer') } });
    const { currentLocation, manager, revoke } = openLogin('/auth/login?portal=admin');
    await signIn('ada@example.com', 'analytical');

    expect(
      await screen.findByText('Access denied. You do not have permission to access the admin portal.'),
    ).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/auth/login');
    await waitFor(() => expect(manager.getState().status).toBe('signedOut'));
    expect(manager.getAccessToken()).toBeNull();
    expect(revoke).toHaveBeenCalledTimes(1);
  });
});
