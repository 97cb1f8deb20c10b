import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page, test } from '@playwright/test';
import { adminAccount, confirmedCustomer, uploadApplicationDocument } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();
test.describe.configure({ timeout: 240_000 });

/** Where the screenshots of the customer view are kept, to be looked at. */
const SHOTS = process.env.LAYOUT_SHOTS_DIR ?? 'test-results/layout-shots';
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signIn(browser: Browser, viewport: { width: number; height: number }, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${portal.baseUrl}/auth/login?portal=admin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 15_000 });
  return page;
}

/** Buttons and links that would change something for the customer. */
const ACTIONS = /deposit|withdraw|pay|apply|cancel|new ticket|submit|send|reply/i;

async function expectNoActions(page: Page) {
  const main = page.locator('main');
  const texts = [...(await main.getByRole('button').allTextContents()), ...(await main.getByRole('link').allTextContents())];
  expect(texts.filter((text) => ACTIONS.test(text))).toEqual([]);
}

/** Issue 30: an admin views a customer's screens read only, from the sidebar, and the view is audited. */
test('an admin views a customer’s balance, transaction and ticket as the customer sees them, read only and audited', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const lastName = `Viewed${randomUUID().slice(0, 6)}`;
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Grace', lastName });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const deposit = await customer.api.post<{ reference: string }>(
    '/api/v1/deposits',
    { method: 'bank', amount: 1500, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(deposit.status).toBe(201);
  const ticket = await customer.api.post('/api/v1/support/tickets', { subject: 'Where is my deposit?', category: 'Payments', priority: 'medium', message: 'I sent 1,500 today.' });
  expect(ticket.status).toBe(201);
  const application = await customer.api.post<{ id: string }>('/api/v1/applications', {
    applicationType: 'personal',
    fullName: `Grace ${lastName}`,
    investmentAmount: 25000,
    investmentDuration: 12,
    applicationData: { address: '1 Market Street', employment: 'Engineer', annualIncome: 90000, investmentPurpose: 'Growth', declaration: true },
    documentIds: [await uploadApplicationDocument(customer)],
  });
  expect(application.status, JSON.stringify(application.body)).toBe(201);
  const rejected = await admin.api.post(`/api/v1/admin/applications/${application.body.id}/review`, { decision: 'rejected', note: 'Proof of address is missing.' });
  expect(rejected.status).toBe(200);

  const page = await signIn(browser, LAPTOP, admin.email, admin.password);
  await page.getByRole('link', { name: 'View as customer' }).click();
  await expect(page).toHaveURL(/\/admin\/customer-view$/);
  await page.getByLabel('Search customers by name or email').fill(lastName);
  await page.getByLabel('Search customers by name or email').press('Enter');
  const viewButton = page.getByRole('button', { name: `View Grace ${lastName}’s account as they see it` });
  await expect(viewButton).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/customer-view-picker-1366.png`, fullPage: true });
  await viewButton.click();

  await expect(page.getByRole('status').filter({ hasText: `You are viewing Grace ${lastName}'s account (read only)` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exit customer view' })).toBeVisible();
  await expect(page.locator('.ant-card').filter({ hasText: 'Account Status' }).getByText(customer.email)).toBeVisible();
  await expectNoActions(page);
  await page.screenshot({ path: `${SHOTS}/customer-view-dashboard-1366.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Transactions' }).click();
  await expect(page.getByText(deposit.body.reference)).toBeVisible();
  await expectNoActions(page);
  await page.screenshot({ path: `${SHOTS}/customer-view-transactions-1366.png`, fullPage: true });

  // The customer's applications as their Status screen lists them: type, amount, status and the reason it was rejected.
  await page.getByRole('tab', { name: 'Applications' }).click();
  const applicationRow = page.getByRole('row', { name: /Personal/ });
  await expect(applicationRow.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(applicationRow.getByText('$25,000.00')).toBeVisible();
  await expect(applicationRow.getByText('Proof of address is missing.')).toBeVisible();
  await expectNoActions(page);
  await page.screenshot({ path: `${SHOTS}/customer-view-applications-1366.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Tickets' }).click();
  await expect(page.getByText('Where is my deposit?')).toBeVisible();
  await page.getByRole('button', { name: 'View', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('I sent 1,500 today.').first()).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/customer-view-ticket-1366.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Close' }).click();

  const url = page.url().replace(/\?.*$/, '');
  await page.getByRole('button', { name: 'Exit customer view' }).click();
  await expect(page).toHaveURL(/\/admin\/customer-view$/);

  const phone = await signIn(browser, PHONE, admin.email, admin.password);
  await phone.goto(url);
  await expect(phone.getByText(`You are viewing Grace ${lastName}'s account (read only)`)).toBeVisible();
  await expect(phone.locator('.ant-card').filter({ hasText: 'Account Status' }).getByText(customer.email)).toBeVisible();
  // Every section in view on a phone, none hidden in an overflow menu.
  for (const name of ['Dashboard', 'Investments', 'Applications', 'Transactions', 'Tickets']) await expect(phone.getByRole('tab', { name })).toBeInViewport();
  await phone.screenshot({ path: `${SHOTS}/customer-view-dashboard-390.png`, fullPage: true });
  await phone.getByRole('tab', { name: 'Transactions' }).click();
  await expect(phone.getByText(deposit.body.reference)).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/customer-view-transactions-390.png`, fullPage: true });
  await phone.getByRole('tab', { name: 'Applications' }).click();
  await expect(phone.getByText('Proof of address is missing.')).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/customer-view-applications-390.png`, fullPage: true });

  // Every view was recorded: the audit log lists them as the admin's, about this customer.
  const audit = await admin.api.get<{ items: { actionType: string; targetId: string; metadata: { section: string } }[] }>(
    `/api/v1/admin/audit-logs?action=customer_viewed&actorUserId=${admin.user.id}&limit=100`,
  );
  expect(audit.status).toBe(200);
  expect(audit.body.items.every((item) => item.actionType === 'customer_viewed' && item.targetId === customer.user.id)).toBe(true);
  expect(new Set(audit.body.items.map((item) => item.metadata.section))).toEqual(
    new Set(['account', 'balance', 'security_deposits', 'investments', 'performance', 'transaction_summary', 'transactions', 'applications', 'tickets', 'ticket']),
  );
});
