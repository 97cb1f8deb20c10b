import { expect, Page, test } from '@playwright/test';
import { adminAccount, confirmedCustomer } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();
// Two people, two sign-ins and four screens: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

async function signInThroughTheForm(page: Page, email: string, password: string, portalName: 'admin' | 'customer') {
  await page.goto(`${portal.baseUrl}/auth/login?portal=${portalName}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${portalName === 'admin' ? 'admin' : 'app'}/dashboard$`), { timeout: 15_000 });
}

test('a customer deposits by bank, the admin approves it, the customer withdraws and sees the hold', async ({ browser }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Hedy', lastName: 'Lamarr' });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const customerPage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();

  // The deposit, submitted with a double click: one transaction.
  await signInThroughTheForm(customerPage, customer.email, customer.password, 'customer');
  await customerPage.goto(`${portal.baseUrl}/app/deposit`);
  await customerPage.locator('#bankDeposit_amount').fill('5000');
  await customerPage.locator('#bankDeposit_bankName').fill('First Bank');
  await customerPage.locator('#bankDeposit_bankAddress').fill('1 Main St');
  await customerPage.getByRole('button', { name: 'Submit Deposit Request' }).dblclick();
  await expect(customerPage.getByText('Deposit Request Submitted')).toBeVisible();
  const own = await customer.api.get<{ items: { type: string; status: string }[] }>('/api/v1/transactions');
  expect(own.body.items).toEqual([expect.objectContaining({ type: 'deposit', status: 'pending' })]);

  // The admin confirms the funds arrived, from Deposit Management.
  await signInThroughTheForm(adminPage, admin.email, admin.password, 'admin');
  await adminPage.goto(`${portal.baseUrl}/admin/deposits`);
  await adminPage.getByPlaceholder('Search client, email, reference or description').fill('lamarr');
  await adminPage.getByPlaceholder('Search client, email, reference or description').press('Enter');
  const row = adminPage.getByRole('row', { name: /Hedy Lamarr/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  // Issue 30: nothing moves before the admin confirms, having read whose balance and how much.
  const confirm = adminPage.getByRole('dialog', { name: /^Approve DEP-/ });
  await expect(confirm).toContainText('$5,000.00 will be credited to Hedy Lamarr’s available balance.');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText(/is now completed/)).toBeVisible();

  // The customer's cards show the balance; the withdrawal places a hold.
  await customerPage.goto(`${portal.baseUrl}/app/withdraw`);
  await expect(customerPage.getByText('Available balance: $5,000.00')).toBeVisible();
  await customerPage.locator('#withdrawal_accountName').fill('Hedy Lamarr');
  await customerPage.locator('#withdrawal_accountNumber').fill('GB82 WEST 1234 5698 7654 32');
  await customerPage.locator('#withdrawal_bankName').fill('First Bank');
  await customerPage.locator('#withdrawal_swiftCode').fill('DEUTDEFF');
  await customerPage.locator('#withdrawal_bankBranchAddress').fill('1 Main St');
  await customerPage.locator('#withdrawal_amount').fill('50');
  await customerPage.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(customerPage.getByText('Minimum withdrawal amount is $100.')).toBeVisible();
  await customerPage.locator('#withdrawal_amount').fill('1200');
  await customerPage.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(customerPage.getByText('Request Received')).toBeVisible();
  await expect(customerPage.getByText(/Available balance: \$3,800\.00 · held for pending withdrawals: \$1,200\.00/)).toBeVisible();

  // The transactions tab lists both, with their details.
  await customerPage.goto(`${portal.baseUrl}/app/transactions`);
  await expect(customerPage.getByRole('row', { name: /Withdrawal/ })).toBeVisible();
  await customerPage.getByRole('row', { name: /Withdrawal/ }).getByRole('button', { name: 'View Details' }).click();
  await expect(customerPage.getByRole('dialog').getByRole('heading', { name: '-$1,200.00' })).toBeVisible();

  // Issue 30: the admin rejects the withdrawal from Transaction Control, and has to say why; the customer reads it.
  await adminPage.goto(`${portal.baseUrl}/admin/transactions`);
  await adminPage.getByPlaceholder('Search client, email, reference or description').fill('lamarr');
  await adminPage.getByPlaceholder('Search client, email, reference or description').press('Enter');
  const pendingWithdrawal = adminPage.getByRole('row', { name: /Hedy Lamarr.*Withdrawal/ });
  await pendingWithdrawal.getByRole('button', { name: 'Reject' }).click();
  const rejection = adminPage.getByRole('dialog', { name: /^Reject WTH-/ });
  await expect(rejection).toContainText('The withdrawal will be marked failed and the held $1,200.00 goes back to Hedy Lamarr’s available balance.');
  await expect(rejection.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await rejection.getByLabel('Reason for the rejection').fill('The account name does not match');
  await rejection.getByRole('button', { name: 'Reject' }).click();
  await expect(adminPage.getByText(/is now failed/)).toBeVisible();
  await customerPage.reload();
  await customerPage.getByRole('row', { name: /Withdrawal/ }).getByRole('button', { name: 'View Details' }).click();
  await expect(customerPage.getByRole('dialog')).toContainText('The account name does not match');

  const check = await admin.api.get<{ ok: boolean }>('/api/v1/admin/ledger/check');
  expect(check.body.ok).toBe(true);
});
