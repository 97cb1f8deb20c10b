import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway, type GatewayCall } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { WithdrawForm } from './WithdrawForm';

// The first render compiles antd's forms; the machine running the suite may be busy.
jest.setTimeout(120_000);

type Label = 'Account Name' | 'Account Number or IBAN' | 'Bank Name' | 'SWIFT Code' | 'Bank Branch Address' | 'Amount';

const valid: Record<Label, string> = {
  'Account Name': 'Ada Lovelace',
  'Account Number or IBAN': 'gb82 west 1234 5698 7654 32',
  'Bank Name': 'First Bank',
  'SWIFT Code': 'deutdeff',
  'Bank Branch Address': '1 Main St',
  Amount: '150',
};

function showForm() {
  const gateway = fakeGateway({
    'GET /settings/public': { status: 200, body: { supportedCurrencies: ['USD'] } },
    'GET /balance': { status: 200, body: { currency: 'USD', available: '500.00', held: '0.00', locked: '0.00', totalInvested: '0.00', totalReturns: '0.00', otherCurrencies: [] } },
    'POST /withdrawals': { status: 201, body: { id: 'w-1', status: 'pending' } },
  });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app', element: <WithdrawForm /> }], { path: '/app', session: manager });
  return gateway;
}

async function fill(fields: Partial<Record<Label, string>>) {
  // The amount is checked against the balance: wait for it.
  await screen.findByText('$500.00', undefined, { timeout: 10_000 });
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(label);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  }
}

const withdrawals = (calls: GatewayCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/withdrawals');

describe('the withdrawal form checks bank details as banks do (issue 28)', () => {
  it('names what is wrong with the IBAN and the SWIFT/BIC code before anything is sent', async () => {
    const { calls } = showForm();
    await fill({ ...valid, 'Account Number or IBAN': 'GB82WEST12345698765433', 'SWIFT Code': 'XX' });
    expect(await screen.findByText('Please enter a valid IBAN: its check digits do not match.')).toBeInTheDocument();
    expect(await screen.findByText('Please enter a valid SWIFT/BIC code (8 or 11 characters, e.g. DEUTDEFF).')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Request Withdrawal' }));
    // Give a send the time it would take; none comes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(withdrawals(calls)).toEqual([]);
  });

  it('names an account number that is neither digits nor an IBAN', async () => {
    showForm();
    await fill({ 'Account Number or IBAN': 'abc' });
    expect(await screen.findByText('Please enter a valid account number (4 to 17 digits) or IBAN.')).toBeInTheDocument();
  });

  it('sends valid bank details, as typed', async () => {
    const { calls } = showForm();
    await fill(valid);
    fireEvent.click(screen.getByRole('button', { name: 'Request Withdrawal' }));
    await waitFor(() => expect(withdrawals(calls)).toHaveLength(1), { timeout: 10_000 });
    expect(withdrawals(calls)[0].body).toMatchObject({ accountNumber: 'gb82 west 1234 5698 7654 32', swiftCode: 'deutdeff', amount: '150' });
  });
});
