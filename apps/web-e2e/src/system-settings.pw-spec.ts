import { Browser, expect, Page, test } from '@playwright/test';
import { adminAccount } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();

async function signedInAdmin(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${portal.baseUrl}/auth/login?portal=admin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 15_000 });
  return page;
}

test('a super admin changes a feature toggle and a financial limit and sees both in the history; a support admin has no settings menu entry', async ({ browser }) => {
  test.setTimeout(120_000);
  const superAdmin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const page = await signedInAdmin(browser, superAdmin.email, superAdmin.password);
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await menu.getByText('System Settings').click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { name: 'System Settings' })).toBeVisible();

  // Features: a switch saves the toggles at once.
  await page.getByRole('tab', { name: 'Features' }).click();
  const sms = page.getByRole('switch', { name: 'SMS notifications' });
  await expect(sms).not.toBeChecked();
  await sms.click();
  await expect(page.getByText('Setting Updated')).toBeVisible();
  await expect(sms).toBeChecked();
  const features = page.locator('[data-setting="feature_toggles"]');
  await features.getByRole('button', { name: /Show history/ }).click();
  await expect(features.getByText('sms_notifications: false → true')).toBeVisible();
  await expect(features.getByText(new RegExp(`Version \\d+ · ${superAdmin.email}`)).first()).toBeVisible();

  // Financial: the second-approval threshold.
  await page.getByRole('tab', { name: 'Financial' }).click();
  const limits = page.locator('[data-setting="financial_limits"]');
  const threshold = limits.getByLabel('Second approval above');
  await threshold.fill('25000');
  await limits.getByRole('button', { name: 'Save Financial limits' }).click();
  await expect(page.getByText('Financial limits saved.')).toBeVisible();
  await limits.getByRole('button', { name: /Show history/ }).click();
  await expect(limits.getByText('fourEyesThreshold: 10000 → 25000')).toBeVisible();
  await page.screenshot({ path: '/tmp/system-settings-financial.png', fullPage: true });

  // A value the server refuses: Update Failed with its reason.
  await page.getByRole('tab', { name: 'General' }).click();
  const general = page.locator('[data-setting="general"]');
  await general.getByLabel('Support phone').fill('call us');
  await general.getByRole('button', { name: 'Save General settings' }).click();
  await expect(page.getByText('Update Failed')).toBeVisible();
  await expect(page.getByText(/supportPhone must be a phone number/)).toBeVisible();

  // Back to the default so other journeys see the spec's toggles.
  await page.getByRole('tab', { name: 'Features' }).click();
  await sms.click();
  await expect(sms).not.toBeChecked();

  const support = await adminAccount(portal.api, { root: portal.root, env: portal.env, role: 'support' });
  const supportPage = await signedInAdmin(browser, support.email, support.password);
  const supportMenu = supportPage.getByRole('navigation', { name: 'Admin menu' });
  await expect(supportMenu.getByText('Support Center')).toBeVisible();
  await expect(supportMenu.getByText('System Settings')).toHaveCount(0);
  await expect(supportMenu.getByText('Transaction Control')).toHaveCount(0);
  await supportPage.screenshot({ path: '/tmp/system-settings-support-menu.png' });
});
