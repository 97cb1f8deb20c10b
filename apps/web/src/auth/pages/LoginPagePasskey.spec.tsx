import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../api/api-error';
import { routes } from '../../app/routes';
import { aSession } from '../../test/builders';
import { envelope, fakeGateway } from '../../test/gateway';
import { fakeSessionManager, renderRoutes } from '../../test/render';

const browser = {
  browserSupportsWebAuthn: jest.fn(() => true),
  startAuthentication: jest.fn(),
  startRegistration: jest.fn(),
};
jest.mock('@simplewebauthn/browser', () => browser);

const noSession = () => Promise.reject(new ApiError({ status: 401, message: 'No session', fromServer: true }));
const options = { publicKey: { challenge: 'c2lnbi1pbg', rpId: 'localhost', allowCredentials: [], userVerification: 'required' } };
const assertion = { id: 'cred', rawId: 'cred', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'Yg' } };

function openLogin() {
  const { manager } = fakeSessionManager(noSession);
  return { manager, ...renderRoutes(routes, { path: '/auth/login?portal=customer', session: manager }) };
}

describe('LoginPage, signing in with a passkey', () => {
  beforeEach(() => jest.clearAllMocks());

  it('signs in with the passkey alone: no email or password asked', async () => {
    const { calls } = fakeGateway({ 'POST /auth/passkeys/options': { status: 200, body: options }, 'POST /auth/passkeys/sign-in': { status: 200, body: aSession('customer') } });
    browser.startAuthentication.mockResolvedValue(assertion);
    const { currentLocation, manager } = openLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/app/dashboard'));
    expect(manager.getState().status).toBe('signedIn');
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options.publicKey });
    expect(calls.find((call) => call.path === '/auth/passkeys/sign-in')?.body).toEqual({ credential: assertion });
  });

  it('says so when the person cancels the prompt, and stays on the sign-in page', async () => {
    const { calls } = fakeGateway({ 'POST /auth/passkeys/options': { status: 200, body: options } });
    browser.startAuthentication.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    const { currentLocation } = openLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Passkey sign-in was cancelled. Try again, or sign in with your email and password.')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/auth/login');
    expect(calls.filter((call) => call.path === '/auth/passkeys/sign-in')).toHaveLength(0);
  });

  it('shows the server’s refusal of an unknown passkey', async () => {
    const refusal = 'This passkey is not registered for any account. Sign in with your email and password instead.';
    fakeGateway({ 'POST /auth/passkeys/options': { status: 200, body: options }, 'POST /auth/passkeys/sign-in': envelope(401, refusal, 'passkey_not_recognised') });
    browser.startAuthentication.mockResolvedValue(assertion);
    openLogin();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
