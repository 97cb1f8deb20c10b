import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvestmentView } from '@portal/api-client';
import { anInvestment, aSession } from '../test/builders';
import { envelope, fakeGateway, type GatewayCall } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { InvestmentPaymentForm } from './InvestmentPaymentForm';
import { investmentPaymentMethods } from './money-rules';

// The first render compiles antd's forms; the machine running the suite may be busy.
jest.setTimeout(120_000);

const WALLET = 'bc1qexamplewalletaddress0000000000000000';
const LABELS = { bank: 'Bank transfer (manual processing)', crypto: 'Instant Bitcoin payment', balance: /^From my available balance/ };

/** A personal investment of £10,000 approved and waiting to be paid, £4,000 of it paid already. */
const awaiting = (overrides: Partial<InvestmentView> = {}): InvestmentView =>
  anInvestment({
    id: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d',
    currency: 'GBP',
    amount: '10000.00',
    fundedAmount: '4000.00',
    unfundedAmount: '6000.00',
    status: 'awaiting_funding',
    startDate: null,
    maturityDate: null,
    fundingDeadline: '2026-12-29',
    durationMonths: 6,
    expectedReturnRate: '15.00',
    expectedReturnAmount: '750.00',
    feeRate: '2.50',
    feeAmount: '125.00',
    netPayout: '10625.00',
    ...overrides,
  });
const CORPORATE = awaiting({ id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', investmentType: 'corporate', amount: '3000.00', fundedAmount: '0.00', unfundedAmount: '3000.00', expectedReturnAmount: '225.00', feeAmount: '37.50', netPayout: '3187.50' });

const PERSONAL_OPTION = 'Personal · £10,000.00 · £6,000.00 left to pay';
const CORPORATE_OPTION = 'Corporate · £3,000.00 · £3,000.00 left to pay';

interface Setup {
  investments?: InvestmentView[];
  settings?: { featureToggles: Record<string, boolean>; bitcoinWalletAddress: string | null };
  path?: string;
  payment?: { status: number; body?: unknown };
}

function showForm({ investments = [awaiting()], settings = { featureToggles: {}, bitcoinWalletAddress: WALLET }, path = '/app', payment }: Setup = {}) {
  let settingsAnswered = false;
  const gateway = fakeGateway({
    'GET /settings/public': async () => {
      settingsAnswered = true;
      return { status: 200, body: { supportedCurrencies: ['USD', 'GBP'], ...settings } };
    },
    'GET /balance': { status: 200, body: { currency: 'GBP', available: '8000.00', held: '0.00', locked: '0.00', totalInvested: '4000.00', totalReturns: '0.00', otherCurrencies: [] } },
    'GET /investments': { status: 200, body: { items: investments, total: investments.length } },
    'POST /investment-payments': payment ?? { status: 201, body: { id: 'tx-1', reference: 'INV-1A2B3C', status: 'completed', type: 'investment' } },
  });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app', element: <InvestmentPaymentForm /> }], { path, session: manager });
  return { ...gateway, settingsAnswered: () => settingsAnswered };
}

const payments = (calls: GatewayCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/investment-payments');
const reads = (calls: GatewayCall[], path: string) => calls.filter((call) => call.method === 'GET' && call.path === path).length;

/** The form once the investments and the balance are in (the balance method shows the balance: before an investment is chosen, in the display currency). */
async function formShown() {
  await screen.findByLabelText(/^From my available balance \(.8,000\.00\)/);
}


function enterAmount(value: string) {
  const amount = screen.getByLabelText('Amount');
  fireEvent.change(amount, { target: { value } });
  fireEvent.blur(amount);
}

/** Gives a send the time it would take. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 500)));

describe('paying into a named investment (issue 28)', () => {
  it('offers the investments awaiting funding with what is left to pay, and fills in the amount left on the one chosen', async () => {
    showForm({ investments: [awaiting(), CORPORATE, anInvestment({ id: '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a' })] });
    await formShown();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Investment' }));
    expect(await screen.findByTitle(PERSONAL_OPTION)).toBeInTheDocument();
    expect(screen.getByTitle(CORPORATE_OPTION)).toBeInTheDocument();
    // The active investment is paid up: not offered.
    expect(screen.queryByTitle(/Personal · \$2,500\.00/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByTitle(CORPORATE_OPTION));
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveValue('3000.00'));
    expect(await screen.findByText('Left to pay on this investment: £3,000.00')).toBeInTheDocument();
    // The balance offered is the one in the investment's currency.
    expect(await screen.findByLabelText('From my available balance (£8,000.00)')).toBeInTheDocument();
  });

  it('preselects the investment the portfolio named, with the amount left on it', async () => {
    showForm({ investments: [awaiting(), CORPORATE], path: `/app?tab=payments&investment=${CORPORATE.id}` });
    await formShown();
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveValue('3000.00'));
    expect(screen.getByTitle(CORPORATE_OPTION)).toBeInTheDocument();
  });

  it('refuses more than is left to pay, in the server’s words, and sends nothing', async () => {
    const { calls } = showForm();
    await formShown();
    enterAmount('6000.01');
    expect(await screen.findByText('This payment is larger than what is left to pay on this investment.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await settle();
    expect(payments(calls)).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the investment when there are several and none is chosen', async () => {
    const { calls } = showForm({ investments: [awaiting(), CORPORATE] });
    await formShown();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please choose the investment this payment is for.')).toBeInTheDocument();
    await settle();
    expect(payments(calls)).toEqual([]);
  });

  it('shows a payment from the balance for confirmation first, with the figures at maturity, and sends it only once confirmed', async () => {
    const { calls } = showForm();
    await formShown();
    enterAmount('2500');
    fireEvent.click(screen.getByLabelText(LABELS.balance));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    const row = (label: string) => (within(dialog).getByText(label).closest('tr') as HTMLElement).textContent;
    expect(row('Amount')).toContain('£2,500.00');
    expect(row('Investment')).toContain('Personal · £10,000.00');
    expect(row('Expected return at maturity')).toContain('£750.00 (15% a year)');
    expect(row('Platform fee at maturity')).toContain('£125.00 (2.5% a year)');
    expect(row('Net payout at maturity')).toContain('£10,625.00, 6 months after it is fully funded');
    expect(row('Available balance after')).toContain('£5,500.00');
    expect(within(dialog).getByText('£3,500.00 will still be left to pay: the investment starts once it is fully funded.')).toBeInTheDocument();
    await settle();
    expect(payments(calls)).toEqual([]);

    // Back: nothing sent, the form as it was.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await settle();
    expect(payments(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    const investmentsRead = reads(calls, '/investments');
    const balanceRead = reads(calls, '/balance');
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm Payment' }));
    await waitFor(() => expect(payments(calls)).toHaveLength(1));
    expect(payments(calls)[0].body).toEqual({ investmentId: awaiting().id, amount: '2500', currency: 'GBP', paymentMethod: 'balance' });
    expect(payments(calls)[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Payment Completed')).toBeInTheDocument();
    // The investments and the balance are read again.
    await waitFor(() => expect(reads(calls, '/investments')).toBeGreaterThan(investmentsRead));
    await waitFor(() => expect(reads(calls, '/balance')).toBeGreaterThan(balanceRead));
  });

  it('refuses from the balance more than is available, before anything is sent', async () => {
    const { calls } = showForm({ investments: [awaiting({ amount: '12000.00', fundedAmount: '0.00', unfundedAmount: '12000.00' })] });
    // The pounds the investment is paid in.
    fireEvent.click(await screen.findByLabelText('From my available balance (£8,000.00)'));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Insufficient Balance: your investment amount exceeds your available balance.')).toBeInTheDocument();
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(payments(calls)).toEqual([]);
  });

  it('keeps the summary step for a bank transfer and shows the server’s refusal by its code', async () => {
    const { calls } = showForm({ payment: envelope(409, 'This investment is no longer waiting for payment.', 'investment_not_awaiting_funding') });
    await formShown();
    fireEvent.click(screen.getByLabelText(LABELS.bank));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = (await screen.findByText('Payment Summary')).closest('.ant-card') as HTMLElement;
    expect(within(summary).getByText('Personal · £10,000.00')).toBeInTheDocument();
    expect(within(summary).getByText('£6,000.00')).toBeInTheDocument();
    expect(payments(calls)).toEqual([]);
    fireEvent.click(within(summary).getByRole('button', { name: 'Confirm Payment' }));
    await waitFor(() => expect(payments(calls)).toHaveLength(1));
    expect(payments(calls)[0].body).toEqual({ investmentId: awaiting().id, amount: '6000.00', currency: 'GBP', paymentMethod: 'bank' });
    expect(await screen.findByText('This investment is no longer waiting for payment.')).toBeInTheDocument();
  });

  it('says so when no investment awaits funding, and leads to the portfolio and to applying', async () => {
    showForm({ investments: [anInvestment({})] });
    expect(await screen.findByText(/You have no investment waiting for payment\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your portfolio' })).toHaveAttribute('href', '/app/portfolio');
    expect(screen.getByRole('link', { name: 'Apply for an investment' })).toHaveAttribute('href', '/app/investments');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});

describe('investment payment methods the server takes now (spec 02 §9 feature toggles)', () => {
  /** The payment methods the form offers, once the public settings are in. */
  async function offered(settingsAnswered: () => boolean): Promise<string[]> {
    await formShown();
    await waitFor(() => expect(settingsAnswered()).toBe(true));
    await settle();
    return (['bank', 'crypto', 'balance'] as const).filter((method) => screen.queryByLabelText(LABELS[method]) !== null);
  }

  it('decides them as the ledger does: bank while bank transfers are on, Bitcoin while crypto payments are on and a wallet is configured', () => {
    expect(investmentPaymentMethods({ featureToggles: {}, bitcoinWalletAddress: WALLET })).toEqual(['bank', 'crypto', 'balance']);
    expect(investmentPaymentMethods({ featureToggles: { crypto_payments: false }, bitcoinWalletAddress: WALLET })).toEqual(['bank', 'balance']);
    expect(investmentPaymentMethods({ featureToggles: { bank_transfers: false }, bitcoinWalletAddress: WALLET })).toEqual(['crypto', 'balance']);
    expect(investmentPaymentMethods({ featureToggles: {}, bitcoinWalletAddress: null })).toEqual(['bank', 'balance']);
    // Before the settings are known: the server's defaults, Bitcoin only once its wallet is known.
    expect(investmentPaymentMethods(undefined)).toEqual(['bank', 'balance']);
  });

  it('offers every method while all are on', async () => {
    const { settingsAnswered } = showForm({ settings: { featureToggles: { bank_transfers: true, crypto_payments: true }, bitcoinWalletAddress: WALLET } });
    expect(await offered(settingsAnswered)).toEqual(['bank', 'crypto', 'balance']);
    expect(screen.getByLabelText(LABELS.bank)).toBeChecked();
  });

  it('does not offer Bitcoin while crypto payments are off', async () => {
    const { settingsAnswered } = showForm({ settings: { featureToggles: { bank_transfers: true, crypto_payments: false }, bitcoinWalletAddress: WALLET } });
    expect(await offered(settingsAnswered)).toEqual(['bank', 'balance']);
  });

  it('does not offer Bitcoin when no receiving wallet is configured', async () => {
    const { settingsAnswered } = showForm({ settings: { featureToggles: { bank_transfers: true, crypto_payments: true }, bitcoinWalletAddress: null } });
    expect(await offered(settingsAnswered)).toEqual(['bank', 'balance']);
  });

  it('does not offer a bank transfer while bank transfers are off, and selects the first method offered instead', async () => {
    const { settingsAnswered } = showForm({ settings: { featureToggles: { bank_transfers: false, crypto_payments: true }, bitcoinWalletAddress: WALLET } });
    await waitFor(async () => expect(await offered(settingsAnswered)).toEqual(['crypto', 'balance']));
    await waitFor(() => expect(screen.getByLabelText(LABELS.crypto)).toBeChecked());
  });
});
