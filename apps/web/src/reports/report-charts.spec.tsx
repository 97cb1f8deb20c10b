import type { ReactElement } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { ActivityChart, NewUsersChart, VolumeChart } from './report-charts';
import type { AdminReportView } from './reports-api';

// The first render compiles antd's tables; the machine running the suite may be busy.
jest.setTimeout(120_000);

const available = { available: true, message: null };
const report = {
  period: 'custom',
  from: '2027-02-01T00:00:00.000Z',
  to: '2027-02-04T00:00:00.000Z',
  generatedAt: '2027-02-04T00:00:00.000Z',
  hasData: true,
  users: { ...available, data: { newUsers: 3, byType: [], byStatus: [], perDay: [{ date: '2027-02-01', count: 2 }, { date: '2027-02-03', count: 1 }] } },
  kyc: { ...available, data: { outcomes: [], documentsSubmitted: 0, documentReviews: [], perDay: [{ date: '2027-02-02', count: 4 }] } },
  applications: { ...available, data: { submitted: 1, byType: [], byStatus: [], requested: [], perDay: [{ date: '2027-02-03', count: 1 }] } },
  money: {
    ...available,
    data: {
      transactions: 2,
      volumes: [],
      fees: [],
      totalVolume: [],
      perDay: [
        { date: '2027-02-01', currency: 'USD', deposits: '123456789012.34', withdrawals: '0.00', investments: '0.00' },
        { date: '2027-02-03', currency: 'USD', deposits: '0.00', withdrawals: '250.00', investments: '1000.00' },
        { date: '2027-02-02', currency: 'EUR', deposits: '99.00', withdrawals: '0.00', investments: '0.00' },
      ],
    },
  },
} as unknown as AdminReportView;

// jsdom has no layout: recharts measures a chart of 0 × 0 and says so. Every other warning still shows.
const warn = console.warn.bind(console);
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => (String(args[0]).includes('of chart should be greater than 0') ? undefined : warn(...args))));
afterEach(() => jest.restoreAllMocks());

function show(element: ReactElement) {
  const { manager } = fakeSessionManager(async () => aSession('admin'));
  renderRoutes([{ path: '/admin', element }], { path: '/admin', session: manager });
}

/** Opens the chart's table and reads its rows, cell by cell. */
async function tableOf(caption: string): Promise<(string | null)[][]> {
  fireEvent.click(await screen.findByRole('button', { name: 'Show as table' }, { timeout: 15_000 }));
  const table = await screen.findByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
}

describe('the Reports charts as tables (issue 30)', () => {
  it('shows the activity chart’s every day: new users, applications and KYC decisions, quiet days as zero', async () => {
    show(<ActivityChart report={report} />);
    expect(await tableOf('Activity per day')).toEqual([
      ['Feb 01, 2027', '2', '0', '0'],
      ['Feb 02, 2027', '0', '0', '4'],
      ['Feb 03, 2027', '1', '1', '0'],
    ]);
  });

  it('shows the volume chart’s amounts in full, in the currency chosen only', async () => {
    show(<VolumeChart report={report} currency="USD" />);
    expect(await tableOf('Transaction volume per day (USD)')).toEqual([
      ['Feb 01, 2027', '$123,456,789,012.34', '$0.00', '$0.00'],
      ['Feb 02, 2027', '$0.00', '$0.00', '$0.00'],
      ['Feb 03, 2027', '$0.00', '$250.00', '$1,000.00'],
    ]);
  });

  it('shows the new users per day, and hides the table again', async () => {
    show(<NewUsersChart report={report} />);
    expect(await tableOf('New users per day')).toEqual([
      ['Feb 01, 2027', '2'],
      ['Feb 02, 2027', '0'],
      ['Feb 03, 2027', '1'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Hide table' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
