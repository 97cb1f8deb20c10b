import { expect, Locator, Page, test } from '@playwright/test';
import { adminAccount, confirmedCustomer } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();

async function signIn(page: Page, email: string, password: string, portalName: 'admin' | 'customer') {
  await page.goto(`${portal.baseUrl}/auth/login?portal=${portalName}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(portalName === 'admin' ? /\/admin\/dashboard$/ : /\/app\/dashboard$/, { timeout: 15_000 });
}

/** A small but real PDF document. */
/**
 * Picks an option of an antd Select and waits until the field shows it. The options come
 * with the public settings; a click that lands while the list is still being replaced is
 * lost (seen about one run in three), so the pick is repeated until it shows.
 */
async function choose(page: Page, field: Locator, option: string) {
  await expect(async () => {
    await field.click();
    await page.getByTitle(option, { exact: true }).last().click({ timeout: 2_000 });
    await expect(field.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]')).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a customer applies with a real PDF, an admin reviews and approves it, and the customer sees the investment', async ({ browser }) => {
  test.setTimeout(120_000);
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Annie', lastName: 'Easley' });
  const customerPage = await (await browser.newContext()).newPage();
  await signIn(customerPage, customer.email, customer.password, 'customer');

  await customerPage.goto(`${portal.baseUrl}/app/investments`);
  // The first visit loads the form's chunks; a busy machine can take a while.
  await expect(customerPage.getByText('Secure portfolio allocation')).toBeVisible({ timeout: 30_000 });
  // A file that is not a PDF, JPG or PNG is refused before it is sent.
  await customerPage.getByLabel('Government-issued ID').setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(customerPage.getByText('Invalid file type. Please upload PDF, JPG, or PNG files.')).toBeVisible();
  await customerPage.getByLabel('Government-issued ID').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(customerPage.getByText(/passport\.pdf \(/)).toBeVisible();

  await customerPage.getByLabel('Full name', { exact: true }).fill('Annie Easley');
  await customerPage.getByLabel('Employment', { exact: true }).fill('Computer scientist');
  await customerPage.getByLabel('Address', { exact: true }).fill('21000 Brookpark Road, Cleveland');
  await customerPage.getByLabel('Investment amount (USD)').fill('5000');
  await choose(customerPage, customerPage.getByLabel('Investment duration'), '12 months');
  await customerPage.getByLabel('Annual income (USD)').fill('60000');
  await customerPage.getByLabel('Investment purpose').fill('Retirement savings');
  await customerPage.getByRole('checkbox', { name: /I declare/ }).check();
  await customerPage.getByRole('button', { name: 'Submit Personal Application' }).click();
  await expect(customerPage.getByText('Application Submitted Successfully')).toBeVisible();

  await customerPage.getByRole('tab', { name: 'Status' }).click();
  const row = customerPage.getByRole('row', { name: /Personal/ });
  await expect(row).toContainText('$5,000.00');
  await expect(row).toContainText('Pending');

  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin.email, admin.password, 'admin');
  await adminPage.goto(`${portal.baseUrl}/admin/investments`);
  await adminPage.getByLabel('Search applications').fill(customer.email);
  await adminPage.getByLabel('Search applications').press('Enter');
  await expect(adminPage.getByText(customer.email)).toBeVisible();
  await adminPage.getByRole('button', { name: 'View Details' }).click();
  const dialog = adminPage.getByRole('dialog');
  await expect(dialog.getByText('Computer scientist')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /passport\.pdf/ })).toBeVisible();
  await dialog.getByLabel('Review note').fill('Checking the documents');
  await dialog.getByRole('button', { name: 'Mark Under Review' }).click();
  await expect(adminPage.getByText('The application is now under review.')).toBeVisible();

  await adminPage.getByRole('button', { name: 'View Details' }).click();
  await adminPage.getByRole('dialog').getByLabel('Review note').fill('Welcome aboard');
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText('The application is now approved.')).toBeVisible();

  await customerPage.reload();
  await customerPage.getByRole('tab', { name: 'Status' }).click();
  const decided = customerPage.getByRole('row', { name: /Personal/ });
  await expect(decided).toContainText('Approved');
  await expect(decided).toContainText('Welcome aboard');

  await customerPage.goto(`${portal.baseUrl}/app/portfolio`);
  const investment = customerPage.getByRole('row', { name: /Personal/ });
  await expect(investment).toContainText('$5,000.00');
  await expect(investment).toContainText('Active');
  await expect(investment).toContainText('15%');
});

test('a customer saves a corporate draft, reopens it from the status tab and submits it', async ({ page }) => {
  test.setTimeout(120_000);
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Dorothy', lastName: 'Vaughan' });
  await signIn(page, customer.email, customer.password, 'customer');
  await page.goto(`${portal.baseUrl}/app/investments`);
  await expect(page.getByText('Secure portfolio allocation')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Corporate' }).click();
  const corporate = page.getByRole('form', { name: 'Corporate investment application' });
  await corporate.getByLabel('Company name').fill('Langley Computing');
  await corporate.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByText('Draft Saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Status' }).click();
  const draft = page.getByRole('row', { name: /Langley Computing/ });
  await expect(draft).toContainText('Draft');
  await draft.getByRole('button', { name: 'Continue draft' }).click();

  await expect(corporate.getByLabel('Company name')).toHaveValue('Langley Computing');
  await corporate.getByLabel('Country of operation').fill('United States');
  await corporate.getByLabel("Director's name").fill('Dorothy Vaughan');
  await choose(page, corporate.getByLabel('Company structure'), 'Private Limited Company');
  await corporate.getByLabel('Investment amount (USD)').fill('12000');
  await choose(page, corporate.getByLabel('Investment duration'), '60 months');
  await corporate.getByRole('checkbox', { name: /I declare/ }).check();
  await corporate.getByRole('button', { name: 'Submit Corporate Application' }).click();
  await expect(page.getByText('Application Submitted', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Status' }).click();
  const submitted = page.getByRole('row', { name: /Langley Computing/ });
  await expect(submitted).toContainText('Pending');
  await expect(submitted).toContainText('$12,000.00');
  await expect(page.getByRole('row', { name: /Langley Computing/ })).toHaveCount(1);
});
