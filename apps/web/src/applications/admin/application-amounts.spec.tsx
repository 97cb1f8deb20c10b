import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import type { ApplicationView, OversightRow } from '@portal/api-client';
import { aSession } from '../../test/builders';
import { fakeGateway } from '../../test/gateway';
import { fakeSessionManager, renderRoutes } from '../../test/render';
import { ApplicationDetailsDialog } from './ApplicationDetailsDialog';
import { InvestmentOversight } from './InvestmentOversight';

// The first render compiles antd's tables; the machine running the suite may be busy.
jest.setTimeout(120_000);

const inEuros: ApplicationView = {
  id: '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  userId: '5f0c6a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
  applicationType: 'personal',
  status: 'pending',
  fullName: 'Ada Lovelace',
  email: 'ada@example.test',
  phone: null,
  investmentAmount: '2500.00',
  currency: 'EUR',
  investmentDuration: 12,
  investmentCategory: null,
  companyName: null,
  companyRegistration: null,
  applicationData: { annualIncome: 90000 },
  documents: [],
  reviewNote: null,
  reviewedAt: null,
  submittedAt: '2026-11-20T10:00:00.000Z',
  investmentId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const row = (overrides: Partial<OversightRow>): OversightRow => ({
  applicationId: '0b5d3c1e-8a51-4f0e-9f7e-1c2d3e4f5a6b',
  investmentId: null,
  userId: '5f0c6a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.test',
  investmentType: 'personal',
  amount: '2500.00',
  currency: 'EUR',
  status: 'pending',
  expectedReturnRate: '15.00',
  expectedReturnAmount: null,
  fundedAmount: null,
  accruedReturn: null,
  maturityDate: null,
  applicationDate: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function showAsAdmin(element: ReactElement) {
  const { manager } = fakeSessionManager(async () => aSession('admin'));
  renderRoutes([{ path: '/admin', element }], { path: '/admin', session: manager });
}

describe('application amounts in the currency applied in', () => {
  it('shows a euro application in euros in the review dialog; the annual income stays in dollars, as the form asks for it', async () => {
    fakeGateway();
    showAsAdmin(<ApplicationDetailsDialog application={inEuros} onClose={() => undefined} />);
    expect(await screen.findByText('€2,500.00')).toBeInTheDocument();
    expect(screen.getByText('$90,000.00')).toBeInTheDocument();
  });

  it('shows each oversight row in its own currency and totals each currency on its own', async () => {
    fakeGateway({
      'GET /admin/investments': {
        status: 200,
        body: {
          items: [row({}), row({ applicationId: '1c6e4d2f-9b62-4a1f-8a8f-2d3e4f5a6b7c', userName: 'Grace Hopper', amount: '1200.00', currency: 'USD' })],
          total: 2,
          tiles: {
            totalInvestments: 2,
            totalValue: '3700.00',
            totalValueByCurrency: [
              { currency: 'EUR', amount: '2500.00' },
              { currency: 'USD', amount: '1200.00' },
            ],
            activeInvestments: 0,
            pendingApplications: 2,
          },
        },
      },
    });
    showAsAdmin(<InvestmentOversight />);
    const ada = (await screen.findByText('Ada Lovelace')).closest('tr') as HTMLElement;
    expect(within(ada).getByText('€2,500.00')).toBeInTheDocument();
    const grace = screen.getByText('Grace Hopper').closest('tr') as HTMLElement;
    expect(within(grace).getByText('$1,200.00')).toBeInTheDocument();
    expect(screen.getByText('€2,500.00 · $1,200.00')).toBeInTheDocument();
    expect(screen.queryByText('$3,700.00')).not.toBeInTheDocument();
  });
});
