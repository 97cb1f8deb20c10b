import { expect, test } from '@playwright/test';
import { confirmedCustomer } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();

// Issue 9 "Done when": a customer switches to dark theme and German and sees the app,
// including the sign-in page after signing out, in German and dark.
test('a customer who chooses German and dark keeps both, on the sign-in page too after signing out', async ({ page }) => {
  test.setTimeout(120_000);
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Grete', lastName: 'Hermann' });
  await page.goto(`${portal.baseUrl}/auth/login?portal=customer`);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 15_000 });

  await page.goto(`${portal.baseUrl}/app/settings`);
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await page.getByLabel('Theme').click();
  await page.getByTitle('Dark').click();
  await page.getByLabel('Language').click();
  await page.getByTitle('Deutsch').click();
  await page.getByRole('tabpanel', { name: 'Preferences' }).getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const saved = (await customer.api.get<{ app: { theme: string; language: string } }>('/api/v1/me/preferences')).body;
  expect(saved.app).toMatchObject({ theme: 'dark', language: 'de' });

  // The portal's menu speaks German.
  await page.goto(`${portal.baseUrl}/app/dashboard`);
  await expect(page.getByRole('menuitem', { name: 'Transaktionsverlauf' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('menuitem', { name: 'Kontoeinstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The dashboard's own texts too, not only the menu.
  await expect(page.getByText('Ein Überblick über Ihr Konto, Ihre Anlagen und Ihr Guthaben.')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: '/tmp/languages-dashboard-de.png', fullPage: true });

  // Signed out, the sign-in page is German and dark.
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await page.goto(`${portal.baseUrl}/auth/login?portal=customer`);
  await expect(page.getByRole('heading', { name: 'Melden Sie sich bei Ihrem Kundenportal an' })).toBeVisible();
  await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // A server message carries its code and reads in German too.
  await page.getByLabel('E-Mail').fill(customer.email);
  await page.getByLabel('Passwort', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByText('Ungültige E-Mail-Adresse oder ungültiges Passwort')).toBeVisible();
  await page.screenshot({ path: '/tmp/languages-sign-in-de.png' });
});
