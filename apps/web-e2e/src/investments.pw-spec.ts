import { randomUUID } from 'node:crypto';
import { expect, Locator, Page, test } from '@playwright/test';
import { adminAccount, confirmedCustomer, SignedInAccount, uploadApplicationDocument } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();
// Two people, set-up through the API and three screens: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${portal.baseUrl}/auth/login?portal=customer`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 15_000 });
}

/** Money in the customer's available balance: a bank deposit the admin confirms. */
async function fundedBalance(customer: SignedInAccount, admin: SignedInAccount, amount: number) {
  const deposit = await customer.api.post<{ id: string }>(
    '/api/v1/deposits',
    { method: 'bank', amount, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(deposit.status).toBe(201);
  expect((await admin.api.post(`/api/v1/admin/transactions/${deposit.body.id}/approve`)).status).toBe(200);
}

/** A personal application submitted by the customer and approved by the admin. */
async function approvedApplication(customer: SignedInAccount, admin: SignedInAccount, amount: number, months = 12) {
  const submitted = await customer.api.post<{ id: string }>('/api/v1/applications', {
    applicationType: 'personal',
    fullName: 'Investor Person',
    investmentAmount: amount,
    investmentDuration: months,
    applicationData: { address: '1 Market Street', employment: 'Engineer', annualIncome: 90000, investmentPurpose: 'Growth', declaration: true },
    documentIds: [await uploadApplicationDocument(customer)],
  });
  expect(submitted.status).toBe(201);
  expect((await admin.api.post(`/api/v1/admin/applications/${submitted.body.id}/review`, { decision: 'approved', note: 'Welcome' })).status).toBe(200);
}

/** The portfolio's row of the personal investment, once it shows `status` (events cross services: the page is read again until then). */
async function portfolioRow(page: Page, status: string): Promise<Locator> {
  await page.goto(`${portal.baseUrl}/app/portfolio`);
  const row = page.getByRole('row', { name: /Personal/ });
  await expect(async () => {
    await page.reload();
    // The ledger opens the investment from the approval's event; a busy machine renders slowly too.
    await expect(row.getByText(status, { exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  return row;
}

/** A stat card's figure, by the card's title. */
const figure = (page: Page, title: string) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-statistic-content');

test('a customer pays an investment from the balance once they confirm, and the dashboard and the portfolio show the same figures', async ({ browser }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Katherine', lastName: 'Johnson' });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  await fundedBalance(customer, admin, 5000);
  await approvedApplication(customer, admin, 2000);
  const page = await (await browser.newContext()).newPage();
  await signIn(page, customer.email, customer.password);

  const awaiting = await portfolioRow(page, 'Awaiting Funding');
  await expect(awaiting).toContainText('$0.00 of $2,000.00 paid');

  // Pay: the payment form with this investment chosen and the amount left to pay on it.
  await awaiting.getByRole('link', { name: /^Pay/ }).click();
  await expect(page.getByLabel('Amount')).toHaveValue('2000.00');
  // More than is left to pay is refused in the browser, as the server would.
  await page.getByLabel('Amount').fill('2000.01');
  await expect(page.getByText('This payment is larger than what is left to pay on this investment.')).toBeVisible();
  await page.getByLabel('Amount').fill('2000');
  await page.getByLabel(/^From my available balance/).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The confirmation: the amount, the investment, its figures at maturity and the balance left; nothing sent yet.
  const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(dialog).toContainText('Personal · $2,000.00');
  await expect(dialog).toContainText('Expected return at maturity');
  await expect(dialog).toContainText('Platform fee at maturity');
  await expect(dialog).toContainText('Net payout at maturity');
  await expect(dialog.getByRole('row', { name: /Available balance after/ })).toContainText('$3,000.00');
  const sent = await customer.api.get<{ items: { type: string }[] }>('/api/v1/transactions');
  expect(sent.body.items.map((item) => item.type)).toEqual(['deposit']);
  await dialog.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page.getByText('Payment Completed')).toBeVisible();

  // Paid in full: active, from its start to its maturity.
  const active = await portfolioRow(page, 'Active');
  await expect(active.getByRole('progressbar', { name: 'Progress to maturity' })).toBeVisible();
  await expect(active).toContainText('Net payout:');

  // One source for each figure: the ledger's balance and the investments.
  await expect(figure(page, 'Total Invested')).toHaveText('$2,000.00');
  await expect(figure(page, 'Active Investments')).toHaveText('1');
  // Nothing accrues before the first day has passed: the earnings are what the ledger says, the same on both screens.
  const earnings = (await figure(page, 'Total Earnings').textContent()) ?? '';
  expect(earnings).toMatch(/^\$\d/);
  await page.goto(`${portal.baseUrl}/app/dashboard`);
  await expect(figure(page, 'Total Investments')).toHaveText('$2,000.00');
  await expect(figure(page, 'Active Plans')).toHaveText('1');
  await expect(figure(page, 'Total Earnings')).toHaveText(earnings);
  await expect(figure(page, 'Account Balance')).toHaveText('$3,000.00');
});

test('a customer cancels an investment awaiting funding once they confirm', async ({ page }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Mary', lastName: 'Jackson' });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  await approvedApplication(customer, admin, 1500);
  await signIn(page, customer.email, customer.password);

  const row = await portfolioRow(page, 'Awaiting Funding');
  await row.getByRole('button', { name: /^Cancel investment/ }).click();
  await expect(page.getByText('Cancel this investment?')).toBeVisible();
  await expect(page.getByText('Nothing has been paid into it yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Investment cancelled')).toBeVisible();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Cancel investment/ })).toHaveCount(0);
});
