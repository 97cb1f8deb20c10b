import { screen, waitFor } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { InvestmentPaymentForm } from './InvestmentPaymentForm';
import { investmentPaymentMethods } from './money-rules';

// The first render compiles antd's forms; the machine running the suite may be busy.
jest.setTimeout(120_000);

const WALLET = 'bc1qexamplewalletaddress0000000000000000';
const LABELS = { bank: 'Bank transfer (manual processing)', crypto: 'Instant Bitcoin payment', balance: /^From my available balance/ };

function showWith(settings: { featureToggles: Record<string, boolean>; bitcoinWalletAddress: string | null }) {
  fakeGateway({
    // GBP only: the form preselecting it shows that the public settings are in.
    'GET /settings/public': { status: 200, body: { supportedCurrencies: ['GBP'], ...settings } },
    'GET /balance': { status: 200, body: { currency: 'GBP', available: '500.00', held: '0.00', locked: '0.00', totalInvested: '0.00', totalReturns: '0.00', otherCurrencies: [] } },
  });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app', element: <InvestmentPaymentForm /> }], { path: '/app', session: manager });
}

/** The payment methods the form offers, once the public settings are in. */
async function offered(): Promise<string[]> {
  await screen.findByTitle('GBP', undefined, { timeout: 10_000 });
  return (['bank', 'crypto', 'balance'] as const).filter((method) => screen.queryByLabelText(LABELS[method]) !== null);
}

describe('investment payment methods the server takes now (spec 02 §9 feature toggles)', () => {
  it('decides them as the ledger does: bank while bank transfers are on, Bitcoin while crypto payments are on and a wallet is configured', () => {
    expect(investmentPaymentMethods({ featureToggles: {}, bitcoinWalletAddress: WALLET })).toEqual(['bank', 'crypto', 'balance']);
    expect(investmentPaymentMethods({ featureToggles: { crypto_payments: false }, bitcoinWalletAddress: WALLET })).toEqual(['bank', 'balance']);
    expect(investmentPaymentMethods({ featureToggles: { bank_transfers: false }, bitcoinWalletAddress: WALLET })).toEqual(['crypto', 'balance']);
    expect(investmentPaymentMethods({ featureToggles: {}, bitcoinWalletAddress: null })).toEqual(['bank', 'balance']);
    // Before the settings are known: the server's defaults, Bitcoin only once its wallet is known.
    expect(investmentPaymentMethods(undefined)).toEqual(['bank', 'balance']);
  });

  it('offers every method while all are on', async () => {
    showWith({ featureToggles: { bank_transfers: true, crypto_payments: true }, bitcoinWalletAddress: WALLET });
    await waitFor(async () => expect(await offered()).toEqual(['bank', 'crypto', 'balance']), { timeout: 10_000 });
    expect(screen.getByLabelText(LABELS.bank)).toBeChecked();
  });

  it('does not offer Bitcoin while crypto payments are off', async () => {
    showWith({ featureToggles: { bank_transfers: true, crypto_payments: false }, bitcoinWalletAddress: WALLET });
    expect(await offered()).toEqual(['bank', 'balance']);
  });

  it('does not offer Bitcoin when no receiving wallet is configured', async () => {
    showWith({ featureToggles: { bank_transfers: true, crypto_payments: true }, bitcoinWalletAddress: null });
    expect(await offered()).toEqual(['bank', 'balance']);
  });

  it('does not offer a bank transfer while bank transfers are off, and selects the first method offered instead', async () => {
    showWith({ featureToggles: { bank_transfers: false, crypto_payments: true }, bitcoinWalletAddress: WALLET });
    await waitFor(async () => expect(await offered()).toEqual(['crypto', 'balance']), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByLabelText(LABELS.crypto)).toBeChecked(), { timeout: 10_000 });
  });
});
