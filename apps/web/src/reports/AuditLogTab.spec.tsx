import { fireEvent, screen, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { AuditLogTab } from './AuditLogTab';
import { compactValue, detailsSummary } from './AuditDetails';

// The first render compiles antd's table; the machine running the suite may be busy.
jest.setTimeout(120_000);

const LONG_DETAILS = {
  previousSettings: { platformFeePercent: 1.5, defaultRoiPercent: 8, supportedCurrencies: ['USD', 'EUR', 'GBP'] },
  changedKeys: ['platform_fee_percent', 'default_roi_percent', 'supported_currencies', 'maintenance_message'],
  reason: 'Quarterly review of fees and the currencies offered to customers across every region of the platform',
  requestId: '4c0a7b1e-3f9d-4e2a-9b8c-7d6e5f4a3b2c',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

const entry = {
  id: '0b6f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  actorUserId: null,
  actorEmail: 'admin@demo.portal',
  category: 'admin_action',
  actionType: 'settings_updated',
  targetType: 'settings',
  targetId: null,
  description: 'Platform settings updated',
  clientIp: null,
  createdAt: '2026-05-04T10:15:00.000Z',
  metadata: LONG_DETAILS,
};

function showAuditLog() {
  fakeGateway({
    'GET /admin/audit-logs': { status: 200, body: { items: [entry], nextCursor: null, total: 1 } },
    'GET /admin/users': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } },
  });
  const { manager } = fakeSessionManager(async () => aSession('admin'));
  renderRoutes([{ path: '/app', element: <AuditLogTab /> }], { path: '/app', session: manager });
}

describe('the Details of the audit log', () => {
  it('summarises details as key: value text, nested values compactly, never as JSON', () => {
    expect(detailsSummary({ status: 'suspended', reason: null, amount: 12.5 })).toBe('status: suspended · reason: — · amount: 12.5');
    expect(compactValue({ from: 'pending', to: { status: 'verified', notes: [] } })).toBe('(from: pending, to: (status: verified, notes: —))');
    expect(compactValue(['USD', 'EUR'])).toBe('USD, EUR');
    expect(detailsSummary({})).toBe('');
  });

  it('shows a long details object as key/value text within the column, with every detail a click away', async () => {
    showAuditLog();
    const row = (await screen.findByText('Platform settings updated', undefined, { timeout: 10_000 })).closest('tr') as HTMLElement;
    const cell = row.querySelectorAll('td')[row.querySelectorAll('td').length - 1] as HTMLElement;

    expect(cell).toHaveTextContent('previousSettings: (platformFeePercent: 1.5, defaultRoiPercent: 8, supportedCurrencies: USD, EUR, GBP)');
    expect(cell).toHaveTextContent('changedKeys: platform_fee_percent, default_roi_percent');
    expect(cell).toHaveTextContent('reason: Quarterly review of fees');
    expect(cell.textContent).not.toMatch(/[{}"]/);
    expect(cell.textContent).not.toContain(JSON.stringify(LONG_DETAILS));

    fireEvent.click(within(cell).getByRole('button', { name: 'Show all' }));
    const full = await screen.findByTestId('audit-details-full');
    expect(full.textContent).not.toMatch(/[{}"]/);
    expect(within(full).getByText('platformFeePercent:')).toBeInTheDocument();
    expect(within(full).getByText('USD, EUR, GBP')).toBeInTheDocument();
    expect(within(full).getByText(LONG_DETAILS.userAgent)).toBeInTheDocument();
    expect(within(full).getByText(LONG_DETAILS.reason)).toBeInTheDocument();
  });
});
