import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FeedbackProvider } from '../app/feedback';
import { NotificationCenter } from './NotificationCenter';
import { notificationsApi } from './notifications-api';

jest.mock('./notifications-api', () => ({
  notificationsApi: {
    stats: jest.fn(),
    failedEmails: jest.fn(),
    retryFailedEmail: jest.fn(),
    dismissFailedEmail: jest.fn(),
    findRecipients: jest.fn(),
    broadcast: jest.fn(),
  },
}));

const api = notificationsApi as jest.Mocked<typeof notificationsApi>;
const failedEmail = { jobId: '8a0a3c9e-54d5-4c1b-9d0e-0d3f3f1c2a11.deposit-completed', template: 'deposit-completed', recipient: 'ada@example.test', attemptsMade: 5, failedReason: 'connect ECONNREFUSED', failedAt: '2030-01-01T10:00:00.000Z' };

function renderCenter() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <NotificationCenter />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

// The first render compiles antd's table and dialogs; on a busy or slow machine it took over 30 s.
jest.setTimeout(120_000);

describe('Notification Center: failed emails', () => {
  beforeEach(() => {
    jest.resetAllMocks();
    api.stats.mockResolvedValue({ audience: { totalCustomers: 0, activeCustomers: 0, suspendedCustomers: 0, kycVerified: 0, kycPending: 0, kycRejected: 0 }, recentBroadcasts: [] });
    api.failedEmails.mockResolvedValue({ items: [failedEmail], total: 1 });
  });

  it('retries a failed email, says so and loads the list again', async () => {
    api.retryFailedEmail.mockResolvedValue({ jobId: failedEmail.jobId, state: 'waiting' });
    renderCenter();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 }));
    await waitFor(() => expect(api.retryFailedEmail).toHaveBeenCalledWith(failedEmail.jobId));
    expect(await screen.findByText('The email to ada@example.test is queued again.')).toBeInTheDocument();
    await waitFor(() => expect(api.failedEmails).toHaveBeenCalledTimes(2), { timeout: 5_000 });
  });

  it('names the failed email in words, not by its template code, in a table that scrolls sideways on phones', async () => {
    api.failedEmails.mockResolvedValue({ items: [failedEmail, { ...failedEmail, jobId: 'job-2', template: 'some-new-template' }], total: 2 });
    renderCenter();
    const label = await screen.findByText('Deposit completed', undefined, { timeout: 10_000 });
    expect(screen.queryByText('deposit-completed')).not.toBeInTheDocument();
    // A template this screen does not know yet still shows, as the server names it.
    expect(screen.getByText('some-new-template')).toBeInTheDocument();
    expect((label.closest('table') as HTMLTableElement).style.width).toBe('800px');
  });

  it('dismisses only once confirmed, and shows the server\'s reason when it refuses', async () => {
    api.dismissFailedEmail.mockRejectedValue(new Error('no server message'));
    renderCenter();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }, { timeout: 10_000 }));
    expect(await screen.findByText('Dismiss this failed email?')).toBeInTheDocument();
    expect(api.dismissFailedEmail).not.toHaveBeenCalled();
    const confirm = screen.getAllByRole('button', { name: 'Dismiss' }).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() => expect(api.dismissFailedEmail).toHaveBeenCalledWith(failedEmail.jobId));
    expect(await screen.findByText('The failed email could not be dismissed.')).toBeInTheDocument();
    await waitFor(() => expect(api.failedEmails).toHaveBeenCalledTimes(2), { timeout: 5_000 });
  });
});
