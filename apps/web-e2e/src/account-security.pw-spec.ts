import { expect, Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { confirmedCustomer } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();

/** What an authenticator app shows for the secret, `stepsAhead` periods from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

function wrongCodeFor(secret: string): string {
  const valid = new Set([-1, 0, 1, 2].map((steps) => codeFor(secret, steps)));
  let code = 100000;
  while (valid.has(String(code))) code++;
  return String(code);
}

async function signInThroughTheForm(page: Page, email: string, password: string) {
  await page.goto(`${portal.baseUrl}/auth/login?portal=customer`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test.setTimeout(180_000);

test('a customer turns two-factor on with a code and must give a code at the next sign-in; wrong passwords and codes change nothing', async ({ page }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox);
  await signInThroughTheForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 30_000 });

  await page.goto(`${portal.baseUrl}/app/settings/security`);
  await expect(page.getByText('Change Password')).toBeVisible({ timeout: 30_000 });

  // A wrong current password: a clear error, and the password stays as it was.
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password').fill('a-brand-new-phrase');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is incorrect').first()).toBeVisible();
  expect((await portal.api.post('/api/v1/auth/login', { email: customer.email, password: 'a-brand-new-phrase' })).status).toBe(401);

  // Two-factor on: scan (here: read) the key, a wrong code is refused, the right one turns it on.
  await page.getByTestId('two-factor-toggle').click();
  const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
  await expect(dialog.getByLabel('QR code for your authenticator app')).toBeVisible({ timeout: 20_000 });
  const secret = ((await dialog.getByTestId('two-factor-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: '/tmp/account-security-enrolment.png', fullPage: true });

  await dialog.getByLabel('Enter the 6-digit code from the app').fill(wrongCodeFor(secret));
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(dialog.getByText('Invalid verification code. Please try again.')).toBeVisible();
  expect((await customer.api.get<{ twoFactorEnabled: boolean }>('/api/v1/me/security')).body.twoFactorEnabled).toBe(false);

  await dialog.getByLabel('Enter the 6-digit code from the app').fill(codeFor(secret));
  await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(dialog.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.screenshot({ path: '/tmp/account-security-recovery-codes.png', fullPage: true });
  await dialog.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByTestId('two-factor-toggle')).toBeChecked();
  await page.screenshot({ path: '/tmp/account-security-tab.png', fullPage: true });

  // The next sign-in asks for the code; a wrong one is refused with a clear message.
  await page.context().clearCookies();
  await signInThroughTheForm(page, customer.email, customer.password);
  await expect(page.getByText('Enter the code from your authenticator app to finish signing in.')).toBeVisible();
  await page.getByLabel('Authentication code').fill(wrongCodeFor(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid verification code. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.screenshot({ path: '/tmp/account-security-second-step.png', fullPage: true });

  // The next period's code (the one used to turn it on is not accepted twice).
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 30_000 });
});
