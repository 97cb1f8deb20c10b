import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { AuditLogTab } from './AuditLogTab';
import { compactValue, detailsSummary } from './AuditDetails';
import { AUDIT_ACTIONS, readableAction } from './audit-actions';
import type { AuditLogEntry } from './reports-api';
import english from './locales/en.json';

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

function showAuditLog(items: AuditLogEntry[] = [entry]) {
  const { calls } = fakeGateway({
    'GET /admin/audit-logs': { status: 200, body: { items, nextCursor: null, total: items.length } },
    'GET /admin/users': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 100 } },
  });
  const { manager } = fakeSessionManager(async () => aSession('admin'));
  renderRoutes([{ path: '/app', element: <AuditLogTab /> }], { path: '/app', session: manager });
  return calls;
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

describe('the Action of the audit log', () => {
  const record = (id: string, actionType: string, description: string) => ({ ...entry, id, actionType, description, metadata: {} });
  const rowOf = async (description: string) => (await screen.findByText(description, undefined, { timeout: 10_000 })).closest('tr') as HTMLElement;
  const actionCell = (row: HTMLElement) => row.querySelectorAll('td')[3] as HTMLElement;

  it('labels every action the services write, in the catalogue and nowhere else', () => {
    const labels = english.audit.actions as Record<string, string>;
    expect(Object.keys(labels).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });

  it('reads an action it has no label for as words', () => {
    expect(readableAction('payout_held_for_review')).toBe('Payout held for review');
    expect(readableAction('file_viewed')).toBe('File viewed');
  });

  it('shows a known action by its label, an unknown one in words, each with its raw name beside it', async () => {
    showAuditLog([
      record('0b6f1c2d-3e4f-4a5b-8c6d-000000000001', 'file_viewed', 'Opened a KYC document (image/png) of another user'),
      record('0b6f1c2d-3e4f-4a5b-8c6d-000000000002', 'failed_email_retried', 'Retried the failed welcome email'),
      record('0b6f1c2d-3e4f-4a5b-8c6d-000000000003', 'payout_held_for_review', 'A payout was held'),
    ]);

    const viewed = actionCell(await rowOf('Opened a KYC document (image/png) of another user'));
    expect(within(viewed).getByText('File viewed')).toBeInTheDocument();
    expect(within(viewed).getByText('file_viewed')).toBeInTheDocument();
    expect(viewed.firstElementChild).toHaveAttribute('title', 'file_viewed');

    const retried = actionCell(await rowOf('Retried the failed welcome email'));
    expect(within(retried).getByText('Failed email retried')).toBeInTheDocument();
    expect(within(retried).getByText('failed_email_retried')).toBeInTheDocument();

    const future = actionCell(await rowOf('A payout was held'));
    expect(within(future).getByText('Payout held for review')).toBeInTheDocument();
    expect(within(future).getByText('payout_held_for_review')).toBeInTheDocument();
    expect(future.textContent).not.toContain('audit.actions');
  });

  it('offers the actions by label in the filter and asks the server for the raw name', async () => {
    const calls = showAuditLog([record('0b6f1c2d-3e4f-4a5b-8c6d-000000000001', 'file_viewed', 'Opened a file')]);
    await rowOf('Opened a file');
    const filter = screen.getByRole('combobox', { name: 'Action' });

    fireEvent.mouseDown(filter);
    fireEvent.change(filter, { target: { value: 'retried' } });
    const option = await screen.findByTitle('Failed email retried');
    expect(option).toHaveTextContent('failed_email_retried');
    fireEvent.click(option);

    await waitFor(() => expect(calls.filter((call) => call.path === '/admin/audit-logs').at(-1)?.query.action).toBe('failed_email_retried'));
  });

  it('still filters by a raw name no label matches yet', async () => {
    const calls = showAuditLog([record('0b6f1c2d-3e4f-4a5b-8c6d-000000000001', 'file_viewed', 'Opened a file')]);
    await rowOf('Opened a file');
    const filter = screen.getByRole('combobox', { name: 'Action' });

    fireEvent.mouseDown(filter);
    fireEvent.change(filter, { target: { value: 'payout_held_for_review' } });
    fireEvent.click(await screen.findByTitle('Payout held for review'));

    await waitFor(() => expect(calls.filter((call) => call.path === '/admin/audit-logs').at(-1)?.query.action).toBe('payout_held_for_review'));
  });
});

describe('the Target of the audit log', () => {
  const targetCell = async (description: string) => {
    const row = (await screen.findByText(description, undefined, { timeout: 10_000 })).closest('tr') as HTMLElement;
    return row.querySelectorAll('td')[4] as HTMLElement;
  };

  it('names the kind of target in words, not by its snake_case code; an unknown kind still reads as words', async () => {
    showAuditLog([
      { ...entry, id: '1b6f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d', targetType: 'security_deposit', targetId: 'bd3bdd2e-b5bb-48cb-9fc7-f8b44d7f4ca1', description: 'Created a security deposit', metadata: {} },
      { ...entry, id: '2b6f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d', targetType: 'investment_application', targetId: '59137795-f935-419c-b925-1024cfab5039', description: 'Application approved', metadata: {} },
      { ...entry, id: '3b6f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d', targetType: 'brand_new_thing', targetId: null, description: 'Something new', metadata: {} },
    ]);
    expect(await targetCell('Created a security deposit')).toHaveTextContent(/^Security deposit bd3bdd2e/);
    expect(await targetCell('Application approved')).toHaveTextContent(/^Application 59137795/);
    expect(await targetCell('Something new')).toHaveTextContent('brand new thing');
    expect(screen.queryByText(/security_deposit|investment_application/)).not.toBeInTheDocument();
  });
});
