import { screen, within } from '@testing-library/react';
import type { InvestmentView } from '@portal/api-client';
import { anInvestment, aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { InvestmentPortfolio } from './InvestmentPortfolio';

// The first render compiles antd's tables; the machine running the suite may be busy.
jest.setTimeout(120_000);

const investment = (overrides: Partial<InvestmentView>): InvestmentView => anInvestment({ currency: 'EUR', ...overrides });

describe('Investment portfolio', () => {
  it('shows each investment in its own currency and totals euros and dollars apart', async () => {
    fakeGateway({
      'GET /investments': {
        status: 200,
        body: {
          items: [
            investment({}),
            investment({ id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e', investmentType: 'corporate', amount: '1000.00', currency: 'USD', expectedReturnAmount: '200.00' }),
          ],
          total: 2,
        },
      },
      'GET /applications': { status: 200, body: { items: [], nextCursor: null, total: 0 } },
    });
    const { manager } = fakeSessionManager(async () => aSession('customer'));
    renderRoutes([{ path: '/app', element: <InvestmentPortfolio /> }], { path: '/app', session: manager });

    const personal = (await screen.findByText('Personal')).closest('tr') as HTMLElement;
    expect(within(personal).getByText('€2,500.00')).toBeInTheDocument();
    expect(within(personal).getByText('15% (€375.00)')).toBeInTheDocument();
    expect(screen.getByText('€2,500.00 · $1,000.00')).toBeInTheDocument();
    expect(screen.getByText('€375.00 · $200.00')).toBeInTheDocument();
  });
});
