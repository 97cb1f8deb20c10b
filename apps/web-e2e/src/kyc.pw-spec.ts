import { randomUUID } from 'node:crypto';
import { expect, Page, test } from '@playwright/test';
import { IdentityCommands } from '@portal/contracts';
import { adminAccount, confirmedCustomer, samplePdf, samplePng, TestServiceClient } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();

// Chromium's fake camera supplies real frames; the camera permission is granted per context.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

async function signIn(page: Page, email: string, password: string, portalName: 'admin' | 'customer') {
  await page.goto(`${portal.baseUrl}/auth/login?portal=${portalName}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(portalName === 'admin' ? /\/admin\/dashboard$/ : /\/app\/dashboard$/, { timeout: 15_000 });
}

const PDF = samplePdf({ text: 'Passport' });
const PNG = samplePng({ size: 608 });

test('a customer uploads documents and verifies with the camera; an admin reviews, approves the KYC and suspends the account', async ({ browser }) => {
  test.setTimeout(180_000);
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Evelyn', lastName: 'Boyd' });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });

  // The admin enables and configures the biometric service (identity's settings command; its screen belongs to the settings issue).
  const services = await TestServiceClient.connect(portal.env.NATS_URL as string, undefined, { env: portal.env });
  try {
    await services
      .as({ userId: admin.user.id, userType: 'admin', adminRole: 'super_admin', sessionId: randomUUID() })
      .send(IdentityCommands.updateSetting, { key: 'biometric_verification_config', value: { provider: 'built-in', apiKey: 'e2e-key', isEnabled: true } });
  } finally {
    await services.close();
  }

  const customerContext = await browser.newContext({ permissions: ['camera'] });
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, customer.email, customer.password, 'customer');

  // Document Upload Center: an ID (PDF) and a tax document (PNG); an executable is refused in the drop zone.
  await customerPage.goto(`${portal.baseUrl}/app/documents`);
  await expect(customerPage.getByText('Documents are reviewed within 2-3 business days', { exact: false })).toBeVisible({ timeout: 30_000 });
  await customerPage.getByRole('tab', { name: 'ID' }).click();
  const idPanel = customerPage.getByRole('tabpanel', { name: 'ID' });
  await expect(idPanel.getByText('Must be a government-issued ID with clear photo.')).toBeVisible();
  await idPanel.locator('input[type=file]').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(customerPage.getByText('setup.exe: File type must be one of PDF, PNG, JPG, JPEG, DOC, DOCX')).toBeVisible();
  await idPanel.locator('input[type=file]').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF });
  await customerPage.getByRole('tab', { name: 'Tax' }).click();
  await customerPage.getByRole('tabpanel', { name: 'Tax' }).locator('input[type=file]').setInputFiles({ name: 'tax-return.png', mimeType: 'image/png', buffer: PNG });
  const list = customerPage.locator('.ant-card', { hasText: 'Your documents' });
  await expect(list.getByText('passport.pdf')).toBeVisible();
  await expect(list.getByText('tax-return.png')).toBeVisible();
  await expect(list.getByText('pending')).toHaveCount(2);

  // Account Verification with Chromium's fake camera.
  await customerPage.goto(`${portal.baseUrl}/app/verification`);
  await customerPage.getByRole('button', { name: 'Start Verification' }).click();
  await expect(customerPage.getByText('Verification complete')).toBeVisible({ timeout: 30_000 });
  await expect(customerPage.getByText('Liveness Check')).toBeVisible();

  // The admin reviews: rejects the tax document with a note, approves the ID, approves the KYC.
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin.email, admin.password, 'admin');
  await adminPage.goto(`${portal.baseUrl}/admin/kyc`);
  await adminPage.getByLabel('Search documents').fill('Evelyn');
  await adminPage.getByLabel('Search documents').press('Enter');
  const taxRow = adminPage.getByRole('row', { name: /Tax/ });
  await expect(taxRow).toContainText('Biometric verified');
  await taxRow.getByRole('button', { name: 'Review' }).click();
  await adminPage.getByLabel('Review notes').fill('Not from the current tax year');
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(adminPage.getByText('Document Review Updated')).toBeVisible();
  const idRow = adminPage.getByRole('row', { name: /ID/ }).filter({ hasText: 'pending' });
  await idRow.getByRole('button', { name: 'Review' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByRole('row', { name: /ID/ }).first()).toContainText('approved');
  // A rejection without a reason is stopped; the approval goes through.
  await adminPage.getByRole('button', { name: 'Reject KYC' }).first().click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Reject KYC' }).click();
  await expect(adminPage.getByText('Please provide a reason for rejecting KYC.')).toBeVisible();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await adminPage.getByRole('button', { name: 'Approve KYC' }).first().click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Approve KYC' }).click();
  await expect(adminPage.getByText('KYC status updated successfully')).toBeVisible();

  // The customer sees the decisions: the verified badge on the dashboard, the documents' statuses.
  await customerPage.goto(`${portal.baseUrl}/app/dashboard`);
  await expect(async () => {
    await customerPage.reload();
    await expect(customerPage.getByText('Account Verified')).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 45_000 });
  await customerPage.goto(`${portal.baseUrl}/app/documents`);
  await expect(list.getByText('rejected')).toBeVisible();
  await expect(list.getByText('Not from the current tax year', { exact: false })).toBeVisible();
  await expect(list.getByText('approved')).toBeVisible();

  // User management: the admin finds and suspends the customer, who is signed out on the next call.
  await adminPage.goto(`${portal.baseUrl}/admin/users`);
  await adminPage.getByLabel('Search users').fill(customer.email);
  await adminPage.getByLabel('Search users').press('Enter');
  const userRow = adminPage.getByRole('row', { name: new RegExp(customer.email) });
  await expect(userRow).toContainText('verified');
  await userRow.getByRole('button', { name: `Actions for ${customer.email}` }).click();
  await adminPage.getByRole('menuitem', { name: 'Suspend' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  // Suspending ends every session of the customer before it answers: on a busy machine that can take longer than the 10 s default.
  await expect(adminPage.getByText('User status updated successfully')).toBeVisible({ timeout: 20_000 });
  await expect(userRow).toContainText('suspended');

  await customerPage.reload();
  await expect(customerPage).toHaveURL(/\/auth\/login/, { timeout: 15_000 });
});
