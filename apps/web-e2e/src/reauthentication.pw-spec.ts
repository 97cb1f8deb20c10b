import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminAccount, ageSignInProofs, confirmedCustomer } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();
test.describe.configure({ timeout: 120_000 });

test('a withdrawal six minutes after sign-in asks for the password first, then goes through with what was typed', async ({ page }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Sofia', lastName: 'Kovalevskaya' });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const deposit = await customer.api.post<{ id: string }>('/api/v1/deposits', { method: 'bank', amount: 2000, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' }, { 'Idempotency-Key': randomUUID() });
  expect((await admin.api.post(`/api/v1/admin/transactions/${deposit.body.id}/approve`)).status).toBe(200);

  await page.goto(`${portal.baseUrl}/auth/login?portal=customer`);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 15_000 });

  await page.goto(`${portal.baseUrl}/app/withdraw`);
  await expect(page.getByText('Available balance: $2,000.00')).toBeVisible();
  await page.locator('#withdrawal_accountName').fill('Sofia Kovalevskaya');
  await page.locator('#withdrawal_accountNumber').fill('GB82 WEST 1234 5698 7654 32');
  await page.locator('#withdrawal_bankName').fill('First Bank');
  await page.locator('#withdrawal_swiftCode').fill('DEUTDEFF');
  await page.locator('#withdrawal_bankBranchAddress').fill('1 Main St');
  await page.locator('#withdrawal_amount').fill('750');

  // Six minutes pass (the proof is aged in the database instead of waiting).
  await ageSignInProofs(portal.env.DATABASE_URL as string, customer.user.id, 6);
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();

  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The password is not correct.');
  await dialog.getByLabel('Password').fill(customer.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('Request Received')).toBeVisible();
  const own = await customer.api.get<{ items: { type: string; amount: string }[] }>('/api/v1/transactions?type=withdrawal');
  expect(own.body.items).toEqual([expect.objectContaining({ type: 'withdrawal', amount: '-750.00' })]);
});
