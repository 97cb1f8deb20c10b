import { fireEvent, screen, waitFor } from '@testing-library/react';
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

/** The problem shown above the form (an antd Alert). */
async function bannerText() {
  const banner = await screen.findByText((_, element) => element?.classList.contains('ant-alert-title') ?? false, undefined, { timeout: 5_000 });
  return banner.textContent;
}

/** The problems shown under the fields, top to bottom. */
function fieldErrors() {
  return Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((error) => error.textContent);
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

  it('reports the first missing field in the specified order above the form, and each at its field', async () => {
    const { calls } = fakeGateway();
    openSignup();
    await fill({ Email: 'ada@example.com' });
    expect(await bannerText()).toBe('First name is required');
    expect(fieldErrors()).toEqual(['First name is required', 'Last name is required', 'Password is required']);
    expect(calls.filter((call) => call.path === '/auth/signup')).toHaveLength(0);
  });

  it('marks every wrong field at once: a bad email and a short password both show, the banner keeps the first', async () => {
    const { calls } = fakeGateway();
    openSignup();
    await fill({ ...complete, Email: 'ada-at-example', Password: 'short', 'Confirm password': 'short' });
    expect(await bannerText()).toBe('Please enter a valid email address');
    expect(fieldErrors()).toEqual(['Please enter a valid email address', 'Password must be at least 6 characters']);
    expect(calls.filter((call) => call.path === '/auth/signup')).toHaveLength(0);

    // Corrected, a field no longer shows its old problem.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    await waitFor(() => expect(fieldErrors()).toEqual(['Password must be at least 6 characters']));
  });

  it('catches mismatched passwords before calling the server', async () => {
    fakeGateway();
    openSignup();
    await fill({ ...complete, 'Confirm password': 'analytica1' });
    expect(await bannerText()).toBe('Passwords do not match');
    expect(fieldErrors()).toEqual(['Passwords do not match']);
  });

  it('shows the server’s refusal as given', async () => {
    fakeGateway({
      'POST /auth/signup': envelope(
        400,
        'This password is too common and appears in lists of breached passwords. Please choose another.',
        'common_password',
      ),
    });
    openSignup();
    await fill(complete);
    expect(
      await screen.findByText('This password is too common and appears in lists of breached passwords. Please choose another.'),
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

  it('asks the person to check their email, in words that hold for a new address and for one that already has an account', async () => {
    const { calls } = fakeGateway({
      'POST /auth/signup': {
        status: 201,
        body: { email: 'ada@example.com', confirmationRequired: true },
      },
    });
    openSignup();
    await fill(complete);
    expect(await screen.findByText('Check Your Email')).toBeInTheDocument();
    expect(screen.getByText(/confirm your address from the link in it before signing in/)).toBeInTheDocument();
    expect(screen.getByText(/If you already have an account with this address, the email tells you how to sign in/)).toBeInTheDocument();
    expect(screen.queryByText('Account Created!')).not.toBeInTheDocument();
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
