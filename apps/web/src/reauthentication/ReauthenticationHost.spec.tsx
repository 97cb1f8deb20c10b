import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { callGateway, canConfirmIdentity } from '../api/http';
import { aSession } from '../test/builders';
import { envelope, fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';

// The first render compiles antd's modal; the machine running the suite may be busy.
jest.setTimeout(120_000);

const withdrawal = { accountName: 'Ada Lovelace', accountNumber: '12345678', bankName: 'First Bank', bankBranchAddress: '1 Main St', swiftCode: 'DEUTDEFF', amount: '750' };

/** A stand-in for the withdrawal form: one click sends what was typed. */
function WithdrawButton() {
  const [outcome, setOutcome] = useState('');
  const send = () =>
    callGateway((client, init) => client.POST('/api/v1/withdrawals', { ...init, body: withdrawal as never })).then(
      () => setOutcome('Request Received'),
      (error: Error) => setOutcome(`Refused: ${error.message}`),
    );
  return (
    <>
      <button onClick={() => void send()}>Request Withdrawal</button>
      <p>{outcome}</p>
    </>
  );
}

async function show() {
  let proved = false;
  const gateway = fakeGateway({
    'POST /withdrawals': async () => (proved ? { status: 201, body: { id: 'w-1' } } : envelope(401, 'Please confirm it is you to continue.', 'reauthentication_required')),
    'POST /auth/reauthenticate': async () => {
      const body = gateway.calls.at(-1)?.body as { password?: string };
      if (body.password !== 'correct-horse-7') return envelope(400, 'The password is not correct.', 'reauthentication_wrong_password');
      proved = true;
      return { status: 204, body: undefined };
    },
  });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app/withdraw', element: <WithdrawButton /> }], { path: '/app/withdraw', session: manager });
  // As in the app, the dialog is in place once someone is signed in (it loads with the signed-in screens).
  await waitFor(() => expect(manager.getAccessToken()).not.toBeNull(), { timeout: 10_000 });
  await waitFor(() => expect(canConfirmIdentity()).toBe(true), { timeout: 20_000 });
  return gateway;
}

describe("the Confirm it's you dialog", () => {
  it('asks for the password when an action needs a recent sign-in, shows a wrong one, and then sends the same request', async () => {
    const { calls } = await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Request Withdrawal' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" }, { timeout: 10_000 });

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'not-my-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password is not correct.');

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'correct-horse-7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Request Received')).toBeInTheDocument();

    const withdrawals = calls.filter((call) => call.method === 'POST' && call.path === '/withdrawals');
    expect(withdrawals).toHaveLength(2);
    expect(withdrawals[1].body).toEqual(withdrawal);
  });

  it('leaves the action refused with the message when the person cancels', async () => {
    const { calls } = await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Request Withdrawal' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" }, { timeout: 10_000 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Refused: Please confirm it is you to continue.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.path === '/auth/reauthenticate')).toHaveLength(0));
  });
});
