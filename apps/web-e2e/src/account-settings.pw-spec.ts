import { expect, Page, test } from '@playwright/test';
import { confirmedCustomer, samplePdf, samplePng } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();

/** A real 8×8 PNG (one colour), so the browser can show it. */
const png = () => samplePng();

const PDF = samplePdf({ text: 'Statement' });

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${portal.baseUrl}/auth/login?portal=customer`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 15_000 });
}

test('a customer edits the profile, sets a photo, switches to dark and turns off investment updates', async ({ page }) => {
  test.setTimeout(150_000);
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Mary', lastName: 'Jackson' });
  await signIn(page, customer.email, customer.password);
  await page.goto(`${portal.baseUrl}/app/settings`);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Verification Pending')).toBeVisible();

  // Profile: read-only until Edit Profile; Cancel puts the stored values back; Save Changes stores them.
  const firstName = page.getByLabel('First Name');
  await expect(firstName).toBeDisabled();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await firstName.fill('Marie');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(firstName).toHaveValue('Mary');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Last Name').fill('Jackson-Smith');
  await page.getByLabel('Phone').fill('+1 757 555 0199');
  await page.getByLabel('Date of Birth').fill('2015-01-01');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('You must be at least 18 years old', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Date of Birth').fill('1981-04-09');
  await page.getByLabel('Nationality').fill('American');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(page.getByLabel('Last Name')).toBeDisabled();
  await expect(page.locator('.portal-header')).toContainText('Mary Jackson-Smith');

  // Photo: a 3 MB image and a PDF renamed .png are refused and change nothing; a real PNG shows in the header.
  const photoInput = page.getByLabel('Profile photo file');
  await photoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: samplePng({ size: 3 * 1024 * 1024 }) });
  await expect(page.getByText('Image size must be less than 2MB.')).toBeVisible();
  await photoInput.setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: PDF });
  await expect(page.getByText('Please select a JPG, PNG, or GIF image.')).toBeVisible();
  await expect(page.getByTestId('header-avatar').locator('img')).toHaveCount(0);
  expect((await customer.api.get<{ photoFileId: string | null }>('/api/v1/me/profile')).body.photoFileId).toBeNull();
  await photoInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByText('Photo Updated')).toBeVisible();
  await expect(page.getByTestId('header-avatar').locator('img')).toHaveAttribute('src', /^blob:/);

  // Notifications: investment updates off, with the always-sent notice.
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByText('Always sent: security and legally required messages')).toBeVisible();
  await page.getByRole('switch', { name: 'Investment updates' }).click();
  await page.getByRole('tabpanel', { name: 'Notifications' }).getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences Saved')).toBeVisible();
  expect((await customer.api.get<{ notifications: { investmentUpdates: boolean } }>('/api/v1/me/preferences')).body.notifications.investmentUpdates).toBe(false);

  // Preferences: dark theme at once after saving; privacy settings in their dialog.
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await page.getByLabel('Theme').click();
  await page.getByTitle('Dark').click();
  await page.getByRole('tabpanel', { name: 'Preferences' }).getByRole('button', { name: 'Save Preferences' }).click();
  // The earlier toast may still be leaving (one toast at a time replaces it).
  await expect(page.getByText('Preferences Saved').last()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: '/tmp/account-settings-dark-settings.png', fullPage: true });
  await page.getByRole('button', { name: 'Privacy Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Privacy Settings' });
  await dialog.getByRole('switch', { name: 'Data sharing' }).click();
  await dialog.getByRole('button', { name: 'Save Privacy Settings' }).click();
  await expect(page.getByText('Privacy Settings Saved')).toBeVisible();
  const saved = (await customer.api.get<{ app: { theme: string }; privacy: { dataSharing: boolean }; notifications: { investmentUpdates: boolean } }>('/api/v1/me/preferences')).body;
  expect(saved).toMatchObject({ app: { theme: 'dark' }, privacy: { dataSharing: true }, notifications: { investmentUpdates: false } });

  // Other screens in dark: the dashboard and the transactions table.
  await page.goto(`${portal.baseUrl}/app/dashboard`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: '/tmp/account-settings-dark-dashboard.png', fullPage: true });
  await page.getByRole('menuitem', { name: /Transaction History/ }).click();
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: '/tmp/account-settings-dark-transactions.png', fullPage: true });
  await page.getByRole('menuitem', { name: /Support Center/ }).click();
  await page.waitForTimeout(1_500);
  await page.screenshot({ path: '/tmp/account-settings-dark-support.png', fullPage: true });

  // Signed out, the sign-in page stays dark.
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.goto(`${portal.baseUrl}/auth/login`);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(11, 13, 18)');
  await page.screenshot({ path: '/tmp/account-settings-dark-login.png', fullPage: true });
});

test('a customer changes the email: the current password is asked for, the old address is told, and the link moves the account', async ({ page }) => {
  test.setTimeout(120_000);
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Katherine', lastName: 'Johnson' });
  const newEmail = `katherine-${Date.now()}@example.test`;
  await signIn(page, customer.email, customer.password);
  await page.goto(`${portal.baseUrl}/app/settings`);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Edit Profile' }).click();

  // The password field appears only once the address differs.
  await expect(page.getByLabel('Current Password')).toHaveCount(0);
  await page.getByLabel('Email').fill(newEmail);
  await expect(page.getByLabel('Current Password')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Current password is required').first()).toBeVisible();
  await page.getByLabel('Current Password').fill('not-my-password-1!');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Current password is incorrect').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/account-settings-email-change.png', fullPage: true });
  await page.getByLabel('Current Password').fill(customer.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}`, { exact: false })).toBeVisible();

  // The address still in use is told; the link goes to the new one only.
  const notice = await portal.inbox.lastEmailTo(customer.email, { subject: /change of your email address was requested/ });
  expect(notice.text).toContain(newEmail);
  const link = await portal.inbox.lastEmailTo(newEmail, { subject: /Confirm your new email address/ });
  const confirmationUrl = /https?:\/\/\S+confirm-email-change\?token=[\w-]+/.exec(link.text ?? '')?.[0];
  expect(confirmationUrl).toBeTruthy();
  expect(notice.text).not.toContain(confirmationUrl as string);

  await page.goto(`${portal.baseUrl}${new URL(confirmationUrl as string).pathname}${new URL(confirmationUrl as string).search}`);
  await expect(page.getByText('Email Changed')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(newEmail, { exact: false }).first()).toBeVisible();
});
