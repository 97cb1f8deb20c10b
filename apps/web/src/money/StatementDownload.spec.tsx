import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { envelope, fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { currentStatementMonth } from './statement-api';
import { StatementDownload } from './StatementDownload';

const SLOW = { timeout: 30_000 };
const FUTURE = 'A statement can be downloaded for the current month or an earlier one, not for a month that has not started yet.';
// The first render compiles antd's date picker and select; the machine running the suite may be busy.
jest.setTimeout(180_000);

const monthsFrom = (month: string, offset: number) => {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number - 1 + offset, 1)).toISOString().slice(0, 7);
};

function open(answers: Parameters<typeof fakeGateway>[0]) {
  const gateway = fakeGateway({ 'GET /settings/public': { status: 200, body: { supportedCurrencies: ['USD', 'EUR'] } }, ...answers });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app/transactions', element: <StatementDownload /> }], { path: '/app/transactions', session: manager });
  return gateway;
}

describe('Download statement in Transaction History (issue 28)', () => {
  const current = currentStatementMonth();
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = jest.fn(() => 'blob:statement');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('downloads the current month’s statement in the chosen currency as a PDF named after them', async () => {
    const { calls } = open({ [`GET /statements/${current}`]: { status: 200, body: '%PDF-1.3 statement' } });
    const button = await screen.findByRole('button', { name: /Download statement/ }, SLOW);
    // Labelled controls: the month and the currency.
    expect(screen.getByLabelText('Month')).toBeInTheDocument();
    const currency = screen.getByLabelText('Currency');
    fireEvent.mouseDown(currency);
    fireEvent.click(await screen.findByTitle('EUR', {}, SLOW));
    await waitFor(() => expect(currency.closest('[title]')).toHaveAttribute('title', 'EUR'));

    fireEvent.click(button);
    expect(await screen.findByText('Statement downloaded', {}, SLOW)).toBeInTheDocument();
    expect(saved).toEqual([`statement-${current}-EUR.pdf`]);
    const call = calls.find((candidate) => candidate.path === `/statements/${current}`);
    expect(call?.query).toEqual({ currency: 'EUR' });
  });

  it('offers the current and past months, never a month that has not started', async () => {
    open({});
    const month = await screen.findByLabelText('Month', {}, SLOW);
    fireEvent.mouseDown(month);
    fireEvent.click(month);
    const panel = await screen.findByRole('table', {}, SLOW);
    const cell = (key: string) => within(panel).queryByTitle(key)?.closest('td');
    await waitFor(() => expect(cell(current)).toBeTruthy());
    expect(cell(current)).not.toHaveClass('ant-picker-cell-disabled');
    const previous = monthsFrom(current, -1);
    // January's previous month is in the year before, on another panel.
    if (previous.slice(0, 4) === current.slice(0, 4)) expect(cell(previous)).not.toHaveClass('ant-picker-cell-disabled');
    const next = monthsFrom(current, 1);
    if (next.slice(0, 4) === current.slice(0, 4)) expect(cell(next)).toHaveClass('ant-picker-cell-disabled');
    else expect(within(panel).queryByTitle(next)).toBeNull();
  });

  it('shows the server’s refusal and saves nothing', async () => {
    open({ [`GET /statements/${current}`]: envelope(400, FUTURE, 'statement_month_in_future') });
    fireEvent.click(await screen.findByRole('button', { name: /Download statement/ }, SLOW));
    expect(await screen.findByText('Statement not downloaded', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(FUTURE)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
