import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway, type GatewayCall } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { AdminTransactionsTable } from './AdminTransactionsTable';
import { BalanceStatCards } from './BalanceStatCards';
import { chooseCurrency, supportedCurrencies } from './display-currency';
import { DepositForms } from './DepositForms';
import type { TransactionView } from './money-api';
import { WithdrawForm } from './WithdrawForm';

// The first render compiles antd's forms and tables; the machine running the suite may be busy.
jest.setTimeout(120_000);

const preferences = (currency: string) => ({
  notifications: { investmentUpdates: true, marketAlerts: true, accountActivity: true, promotions: false, weeklyReports: true, monthlyStatements: true },
  app: { theme: 'light', language: 'en', currency, timezone: 'UTC' },
  privacy: { dataSharing: false, marketingEmails: false, analyticsTracking: true, cookiePreferences: true, thirdPartyIntegrations: false },
  version: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
});
const publicSettings = { supportedCurrencies: ['USD', 'EUR', 'GBP'], featureToggles: { withdrawals_enabled: true }, bitcoinWalletAddress: 'bc1qexamplewalletaddress0000000000000000' };

/** The ledger's balances per currency, answered for the currency the request asks for. */
const BALANCES: Record<string, { available: string; held: string }> = {
  USD: { available: '300.00', held: '0.00' },
  EUR: { available: '1250.40', held: '0.00' },
  GBP: { available: '0.00', held: '0.00' },
};

function customerGateway(currency: string) {
  let calls: GatewayCall[] = [];
  const balanceOf = () => {
    const asked = calls.filter((call) => call.path === '/balance').at(-1)?.query.currency ?? 'USD';
    const others = Object.entries(BALANCES)
      .filter(([code, balance]) => code !== asked && balance.available !== '0.00')
      .map(([code, balance]) => ({ currency: code, amount: balance.available }));
    return { status: 200, body: { currency: asked, ...BALANCES[asked], locked: '0.00', totalInvested: '0.00', totalReturns: '0.00', otherCurrencies: others } };
  };
  const gateway = fakeGateway({
    'GET /me/preferences': { status: 200, body: preferences(currency) },
    'GET /settings/public': { status: 200, body: publicSettings },
    'GET /balance': async () => balanceOf(),
    'GET /transactions/summary': { status: 200, body: { currency, totalDeposits: '0.00', totalWithdrawals: '0.00', pendingRequests: 0, availableBalance: '0.00', depositsAllowed: true } },
  });
  calls = gateway.calls;
  return gateway;
}

function show(element: ReactElement, userType: 'customer' | 'admin' = 'customer') {
  const { manager } = fakeSessionManager(async () => aSession(userType));
  renderRoutes([{ path: '/app', element }], { path: '/app', session: manager });
}

describe('display currency (Preferences) on the money screens', () => {
  it('picks the display currency when the platform supports it, and USD otherwise, never converting', () => {
    expect(chooseCurrency('EUR', supportedCurrencies(['USD', 'EUR']))).toBe('EUR');
    expect(chooseCurrency('CAD', supportedCurrencies(['USD', 'EUR']))).toBe('USD');
    expect(chooseCurrency('EUR', supportedCurrencies(['USD', ' gbp ']))).toBe('USD');
    expect(chooseCurrency('CAD', supportedCurrencies(['GBP', 'SGD']))).toBe('GBP');
    expect(supportedCurrencies([])).toEqual(['USD', 'EUR', 'GBP', 'SGD']);
  });

  it('shows a EUR-preferring customer their EUR balance as the headline and lists the dollars beneath', async () => {
    const gateway = customerGateway('EUR');
    show(<BalanceStatCards />);
    expect(await screen.findByText('€1,250.40', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Also held: $300.00')).toBeInTheDocument();
    expect(gateway.calls.filter((call) => call.path === '/balance').at(-1)?.query).toEqual({ currency: 'EUR' });
  });

  it('keeps USD for a customer whose display currency the platform does not hold (CAD)', async () => {
    customerGateway('CAD');
    show(<BalanceStatCards />);
    expect(await screen.findByText('$300.00', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Also held: €1,250.40')).toBeInTheDocument();
  });

  it('preselects EUR in the deposit forms and offers only the supported currencies', async () => {
    const gateway = customerGateway('EUR');
    show(<DepositForms />);
    const bank = (await screen.findByText('Bank Transfer', undefined, { timeout: 10_000 })).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(bank).getByTitle('EUR')).toBeInTheDocument(), { timeout: 10_000 });
    const crypto = screen.getByText('Cryptocurrency (BTC)').closest('.ant-card') as HTMLElement;
    expect(within(crypto).getByTitle('EUR')).toBeInTheDocument();
    fireEvent.mouseDown(within(bank).getAllByRole('combobox')[0]);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['USD', 'EUR', 'GBP']);
    expect(gateway.calls.some((call) => call.path === '/settings/public')).toBe(true);
  });

  it('preselects EUR in the withdrawal form and shows the EUR available balance it will be checked against', async () => {
    customerGateway('EUR');
    show(<WithdrawForm />);
    expect(await screen.findByText('€1,250.40', undefined, { timeout: 10_000 })).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Request Withdrawal' }).closest('form') as HTMLElement;
    expect(within(form).getByTitle('EUR')).toBeInTheDocument();
  });
});

const large: TransactionView = {
  id: '0b5d3c1e-8a51-4f0e-9f7e-1c2d3e4f5a6b',
  userId: '5f0c6a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
  type: 'withdrawal',
  status: 'pending',
  amount: '-25000.00',
  currency: 'USD',
  method: 'bank',
  methodLabel: 'Wire Transfer',
  reference: 'WTH-1763900000000-AB12',
  description: 'Withdrawal of 25000.00 USD to First Bank (Ada Lovelace)',
  details: {},
  reason: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  client: { id: '5f0c6a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test' },
};

describe('four-eyes approvals on Transaction Control', () => {
  const adminId = aSession('admin').user.id;
  function listWith(approvedBy: string[]) {
    fakeGateway({
      'GET /admin/transactions': { status: 200, body: { items: [{ ...large, approvals: { given: approvedBy.length, required: 2, approvedBy } }], nextCursor: null, total: 1, totalCapped: false } },
    });
    show(<AdminTransactionsTable decisions />, 'admin');
  }

  it('shows how many approvals a large withdrawal has and lets another admin give the second', async () => {
    listWith(['9a9a9a9a-0000-4000-8000-000000000001']);
    expect(await screen.findByText('1 of 2 approvals', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('tells the admin who already approved that the second approval must come from someone else', async () => {
    listWith([adminId]);
    expect(await screen.findByText('1 of 2 approvals', undefined, { timeout: 10_000 })).toBeInTheDocument();
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    fireEvent.mouseEnter(approve.parentElement as HTMLElement);
    expect(await screen.findByText('You approved this withdrawal. A second, different administrator must approve it before it is paid.')).toBeInTheDocument();
  });
});
