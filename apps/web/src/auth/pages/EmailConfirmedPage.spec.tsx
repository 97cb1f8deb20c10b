import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../api/api-error';
import { routes } from '../../app/routes';
import { aSession } from '../../test/builders';
import { envelope, fakeGateway } from '../../test/gateway';
import { fakeSessionManager, renderRoutes } from '../../test/render';

const noSession = () => Promise.reject(new ApiError({ status: 401, message: 'No session', fromServer: true }));

function openConfirmation(path: string) {
  const { manager } = fakeSessionManager(noSession);
  return { manager, ...renderRoutes(routes, { path, session: manager }) };
}

describe('EmailConfirmedPage', () => {
  it('confirms the token once, signs the user in and opens the dashboard', async () => {
    const { calls } = fakeGateway({ 'POST /auth/confirm-email': { status: 200, body: aSession('customer') } });
    const { currentLocation, manager } = openConfirmation('/auth/email-confirmed?token=link-token');

    expect(await screen.findByText('Email Confirmed!')).toBeInTheDocument();
    expect(manager.getState().status).toBe('signedIn');
    await waitFor(() => expect(currentLocation().pathname).toBe('/app/dashboard'), { timeout: 3000 });
    expect(calls.filter((call) => call.path === '/auth/confirm-email')).toEqual([
      expect.objectContaining({ body: { token: 'link-token' } }),
    ]);
  });

  it('explains an expired link and resends by its token', async () => {
    const { calls } = fakeGateway({
      'POST /auth/confirm-email': envelope(410, 'expired', 'confirmation_expired'),
      'POST /auth/resend-confirmation': { status: 202, body: { outcome: 'sent' } },
    });
    openConfirmation('/auth/email-confirmed?token=old-token');

    expect(
      await screen.findByText('Your confirmation link has expired. Please request a new one.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend Confirmation Email' }));
    expect(await screen.findByText('Email Sent')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/resend-confirmation')?.body).toEqual({ token: 'old-token' });
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Account' })).toBeInTheDocument();
  });

  it('treats a missing token as an invalid link and asks for the email to resend', async () => {
    const { calls } = fakeGateway();
    openConfirmation('/auth/email-confirmed');

    expect(
      await screen.findByText('This confirmation link is invalid. Please request a new confirmation email.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend Confirmation Email' }));
    expect(await screen.findByText('Email Required')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address to resend the confirmation.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/resend-confirmation')).toHaveLength(0);
  });

  it('offers to log in when the email was already confirmed', async () => {
    fakeGateway({ 'POST /auth/confirm-email': envelope(409, 'already', 'already_confirmed') });
    openConfirmation('/auth/email-confirmed?token=used-token');
    expect(
      await screen.findByText('Your email has already been confirmed. You can now log in to your account.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Logging In' })).toBeInTheDocument();
  });

  it('goes to login after a resend finds the account already confirmed', async () => {
    fakeGateway({
      'POST /auth/confirm-email': envelope(500, 'boom'),
      'POST /auth/resend-confirmation': { status: 202, body: { outcome: 'already_confirmed' } },
    });
    const { currentLocation } = openConfirmation('/auth/email-confirmed?token=some-token');
    expect(
      await screen.findByText('Failed to confirm email. Please try requesting a new confirmation email.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend Confirmation Email' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/auth/login'));
  });
});
