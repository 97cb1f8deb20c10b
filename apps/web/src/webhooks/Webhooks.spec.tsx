import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { FeedbackProvider } from '../app/feedback';
import { aWebhookDelivery, aWebhookEndpoint } from '../test/builders';
import { Webhooks } from './Webhooks';
import { webhooksApi } from './webhooks-api';

jest.mock('./webhooks-api', () => ({
  ...jest.requireActual('./webhooks-api'),
  webhooksApi: { list: jest.fn(), create: jest.fn(), remove: jest.fn(), deliveries: jest.fn(), replay: jest.fn() },
}));

const api = webhooksApi as jest.Mocked<typeof webhooksApi>;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function renderWebhooks() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <Webhooks />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

// The first render compiles antd's table and dialogs; on a busy machine it is slow.
jest.setTimeout(120_000);

describe('Webhooks (back office)', () => {
  beforeEach(() => {
    jest.resetAllMocks();
    api.list.mockResolvedValue({ items: [aWebhookEndpoint()] });
    api.deliveries.mockResolvedValue({ items: [aWebhookDelivery(), aWebhookDelivery({ id: 'b1', status: 'failed', attempts: 8, lastResponseCode: 500, lastError: 'HTTP 500' })], total: 2, nextCursor: null });
  });

  it('lists the endpoints with their event types', async () => {
    renderWebhooks();
    expect(await screen.findByText('https://hooks.example.com/portal', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('ledger.deposit.completed.v1')).toBeInTheDocument();
    expect(screen.getByText('Accounting')).toBeInTheDocument();
  });

  it('adds an endpoint for the chosen event types and shows its secret once, with a copy button', async () => {
    api.create.mockResolvedValue({ ...aWebhookEndpoint({ id: 'new', url: 'https://erp.example.com/in' }), secret: SECRET });
    renderWebhooks();
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'https://erp.example.com/in' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('ledger.deposit.completed.v1'));
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'ERP' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({ url: 'https://erp.example.com/in', events: ['ledger.deposit.completed.v1'], description: 'ERP' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(screen.getByText('Copy the signing secret now: it is shown only this once.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /copy/i })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
  });

  it('asks for a URL and an event type before calling the server', async () => {
    renderWebhooks();
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText("Please enter the endpoint's URL.")).toBeInTheDocument();
    expect(await within(dialog).findByText('Choose at least one event type.')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
  });

  it("shows the server's reason when it refuses the URL, and no secret", async () => {
    const refusal = 'Webhooks cannot be sent to 10.0.0.1: it is or resolves to a private, loopback, link-local or otherwise internal address. An operator can allow it in WEBHOOK_ALLOWED_HOSTS.';
    api.create.mockRejectedValue(new ApiError({ status: 400, message: refusal, code: 'webhook_address_forbidden', fromServer: true }));
    renderWebhooks();
    fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'http://10.0.0.1/hook' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('ledger.deposit.completed.v1'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByText('Signing secret')).not.toBeInTheDocument();
  });

  it('deletes an endpoint only once confirmed', async () => {
    api.remove.mockResolvedValue({ id: aWebhookEndpoint().id });
    renderWebhooks();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete https://hooks.example.com/portal' }, { timeout: 10_000 }));
    expect(await screen.findByText('Delete this endpoint?')).toBeInTheDocument();
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(aWebhookEndpoint().id));
    expect(await screen.findByText('https://hooks.example.com/portal will receive nothing more.')).toBeInTheDocument();
  });

  it('shows the deliveries with status, response code and attempts, and replays one', async () => {
    api.replay.mockResolvedValue(aWebhookDelivery({ id: 'replay', status: 'pending', attempts: 0, lastResponseCode: null, replayOf: aWebhookDelivery().id }));
    renderWebhooks();
    fireEvent.click(await screen.findByRole('button', { name: 'Deliveries of https://hooks.example.com/portal' }, { timeout: 10_000 }));
    expect(await screen.findByText('Deliveries to https://hooks.example.com/portal')).toBeInTheDocument();
    await waitFor(() => expect(api.deliveries).toHaveBeenCalledWith(aWebhookEndpoint().id, undefined, 20));
    expect(await screen.findByText('Delivered')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByText('8')).toBeInTheDocument();
    expect(screen.getAllByText(aWebhookDelivery().eventId)).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: /^Replay ledger\.deposit\.completed\.v1/ })[0]);
    await waitFor(() => expect(api.replay).toHaveBeenCalledWith(aWebhookDelivery().id));
    expect(await screen.findByText('The event is being sent again.')).toBeInTheDocument();
    await waitFor(() => expect(api.deliveries).toHaveBeenCalledTimes(2));
  });
});
