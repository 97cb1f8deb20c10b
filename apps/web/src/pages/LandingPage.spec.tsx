import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { routes } from '../app/routes';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';

const signedOut = () => Promise.reject(new ApiError({ status: 401, message: 'No session', fromServer: true }));

describe('landing page', () => {
  beforeEach(() => fakeGateway());

  it('names both portals as sections and links to their sign-in and sign-up', async () => {
    const { manager } = fakeSessionManager(signedOut);
    renderRoutes(routes, { path: '/', session: manager });
    const customerPortal = await screen.findByRole('heading', { level: 2, name: 'Customer Portal' }, { timeout: 15_000 });
    expect(customerPortal).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Administrator Portal' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).map((link) => link.getAttribute('href'))).toEqual([
      '/auth/login?portal=customer',
      '/auth/login?portal=admin',
    ]);
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth/signup');
  });

  it('explains how admin accounts are made when asked, and closes again', async () => {
    const { manager } = fakeSessionManager(signedOut);
    renderRoutes(routes, { path: '/', session: manager });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Admin Account' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Administrator accounts' }, { timeout: 15_000 });
    expect(dialog).toHaveTextContent('Administrator accounts cannot be created by signing up.');
    fireEvent.click(screen.getByRole('button', { name: 'Understood' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Administrator accounts' })).not.toBeInTheDocument());
  });
});
