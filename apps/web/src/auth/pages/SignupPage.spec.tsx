import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from '../../api/api-error';
import { routes } from '../../app/routes';
import { envelope, fakeGateway } from '../../test/gateway';
import { fakeSessionManager, renderRoutes } from '../../test/render';

const noSession = () => Promise.reject(new ApiError({ status: 401, message: 'No session', fromServer: true }));

function openSignup() {
  const { manager } = fakeSessionManager(noSession);
  return renderRoutes(routes, { path: '/auth/signup', session: manager });
}

async function fill(fields: Partial<Record<'First name' | 'Last name' | 'Email' | 'Password' | 'Confirm password', string>>) {
  await screen.findByRole('heading', { name: 'Create your account' });
  for (const [label, value] of Object.entries(fields)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

const complete = {
  'First name': 'Ada',
  'Last name': 'Lovelace',
  Email: 'ada@example.com',
  Password: 'analytical',
  'Confirm password': 'analytical',
};

describe('SignupPage', () => {
  it('offers only the customer account type', async () => {
    fakeGateway();
    openSignup();
    expect(await screen.findByRole('radio', { name: 'Customer' })).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });

  it('reports the first missing field in the specified order', async () => {
    const { calls } = fakeGateway();
    openSignup();
    await fill({ Email: 'ada@example.com' });
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/signup')).toHaveLength(0);
  });

  it('catches mismatched passwords before calling the server', async () => {
    fakeGateway();
    openSignup();
    await fill({ ...complete, 'Confirm password': 'analytica1' });
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('shows the server’s refusal as given', async () => {
    fakeGateway({
      'POST /auth/signup': envelope(
        409,
        'An account with this email already exists. Please try logging in instead.',
        'duplicate_email',
      ),
    });
    openSignup();
    await fill(complete);
    expect(
      await screen.findByText('An account with this email already exists. Please try logging in instead.'),
    ).toBeInTheDocument();
  });

  it('shows the specified short text when the gateway rate-limits sign-up, not its generic words', async () => {
    fakeGateway({
      'POST /auth/signup': {
        status: 429,
        body: {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many requests. Please try again later.',
          code: 'rate_limited',
          retryAfterSeconds: 30,
        },
      },
    });
    openSignup();
    await fill(complete);
    expect(await screen.findByText('Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Too many requests. Please try again later.')).not.toBeInTheDocument();
  });

  it('shows the specified short text on a rate limit that came without the gateway’s envelope', async () => {
    fakeGateway({ 'POST /auth/signup': { status: 429 } });
    openSignup();
    await fill(complete);
    expect(await screen.findByText('Please try again.')).toBeInTheDocument();
  });

  it('creates a customer account and asks for email confirmation', async () => {
    const { calls } = fakeGateway({
      'POST /auth/signup': {
        status: 201,
        body: { userId: 'a1b2', email: 'ada@example.com', confirmationRequired: true },
      },
    });
    openSignup();
    await fill(complete);
    expect(await screen.findByText('Account Created!')).toBeInTheDocument();
    expect(screen.getByText(/confirm your email from the link sent to you/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Login' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/auth/signup')?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical',
      confirmPassword: 'analytical',
      userType: 'customer',
    });
  });
});
