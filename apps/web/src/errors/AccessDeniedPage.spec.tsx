import { screen } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import AccessDeniedPage from './AccessDeniedPage';

jest.setTimeout(60_000);

function open(renew: () => Promise<ReturnType<typeof aSession>>, state?: unknown) {
  const { manager } = fakeSessionManager(renew);
  return renderRoutes([{ path: '/access-denied', element: <AccessDeniedPage /> }], { path: '/access-denied', state, session: manager });
}

describe('Access Denied page', () => {
  beforeEach(() => fakeGateway());

  it('shows no empty shaded box to a signed-out visitor with nothing flagged', async () => {
    const { container } = open(() => Promise.reject(new ApiError({ status: 401, message: 'No session', fromServer: true })));
    expect(await screen.findByRole('button', { name: 'Go to Login' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to access this page.')).toBeInTheDocument();
    expect(container.querySelector('.ant-result-body')).toBeNull();
  });

  it('says who is signed in and that the incident was logged, when flagged', async () => {
    const { container } = open(async () => aSession('customer'), { message: 'Access denied. You do not have permission to access admin areas.', flagged: true });
    expect(await screen.findByText(/You are currently logged in as a customer user\./, undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('This security incident has been logged for review.')).toBeInTheDocument();
    expect(screen.getByText('Access denied. You do not have permission to access admin areas.')).toBeInTheDocument();
    expect(container.querySelector('.ant-result-body')).not.toBeNull();
  });
});
