import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, Page, test } from '@playwright/test';
import { adminAccount, confirmedCustomer } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();

async function signInThroughTheForm(page: Page, email: string, password: string) {
  await page.goto(`${portal.baseUrl}/auth/login?portal=admin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 15_000 });
}

type Stats = {
  users: { data: { totalUsers: number; active: number; suspended: number } };
  kyc: { data: { pending: number } };
  investments: { data: { totalInvestments: number; pendingApprovals: number } };
  money: { data: { lockedTotal: { currency: string; amount: string }[]; latest: { reference: string }[] } };
};

test('an admin sees the overview figures of the services and exports a report', async ({ page }) => {
  test.setTimeout(120_000);
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Grace', lastName: 'Murray' });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const deposit = await customer.api.post<{ id: string; reference: string }>(
    '/api/v1/deposits',
    { method: 'bank', amount: 2500, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(deposit.status).toBe(201);
  expect((await admin.api.post(`/api/v1/admin/transactions/${deposit.body.id}/approve`)).status).toBe(200);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInThroughTheForm(page, admin.email, admin.password);
  const stats = (await admin.api.get<Stats>('/api/v1/admin/stats')).body;
  const users = page.getByTestId('overview-users');
  await expect(users).toContainText(String(stats.users.data.totalUsers));
  await expect(users).toContainText(`${stats.users.data.active} active`);
  await expect(users).toContainText(`${stats.users.data.suspended} suspended`);
  await expect(page.getByTestId('overview-kyc')).toContainText(`${stats.kyc.data.pending}pending`);
  await expect(page.getByTestId('overview-investments')).toContainText(String(stats.investments.data.totalInvestments));
  await expect(page.getByTestId('overview-pending')).toContainText(String(stats.investments.data.pendingApprovals));
  // The Earnings Report's actuals for this month, from the ledger (issue 28).
  await expect(page.getByTestId('overview-earnings')).toContainText('Assets Under Management');
  await expect(page.getByTestId('overview-latest')).toContainText(deposit.body.reference);
  await expect(page.getByTestId('overview-latest')).toContainText('Grace Murray');
  const locked = stats.money.data.lockedTotal[0];
  await expect(page.getByTestId('overview-security-deposits')).toContainText(new Intl.NumberFormat('en-US', { style: 'currency', currency: locked.currency }).format(Number(locked.amount)));
  await expect(page.getByText('Failed to load admin statistics')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/overview-reports-dashboard.png', fullPage: true });

  await page.goto(`${portal.baseUrl}/admin/reports`);
  // The reports page loads its charting code on first visit: allow for a slow machine.
  await expect(page.getByRole('heading', { name: 'Reports & Analytics' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Activity per day')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/overview-reports-reports.png', fullPage: true });
  await page.getByRole('tab', { name: 'Financial' }).click();
  await expect(page.getByText('Transaction volumes by type and status')).toBeVisible();
  await expect(page.getByRole('row', { name: /Deposit\s+Completed/ })).toBeVisible();
  await expect(page.getByTestId('report-earnings')).toContainText('Assets under management');
  await expect(page.getByTestId('report-maturities')).toContainText('Maturity schedule: the next 90 days');
  await page.screenshot({ path: '/tmp/overview-reports-financial.png', fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^report-weekly-financial-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe('Section,Item,Currency,Count,Amount');
  expect(text).toContain('Transaction volume,deposit completed,USD');
  await expect(page.getByText('Report Exported')).toBeVisible();

  const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Excel' }).click()]);
  expect(workbook.suggestedFilename()).toMatch(/^report-weekly-financial-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await page.getByRole('tab', { name: 'Audit Logs' }).click();
  await expect(page.getByRole('row', { name: /admin/i }).first()).toBeVisible();
  await page.screenshot({ path: '/tmp/overview-reports-audit.png', fullPage: true });
});
