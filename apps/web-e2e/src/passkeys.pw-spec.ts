import { CDPSession, expect, Page, test } from '@playwright/test';
import { confirmedCustomer } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();

async function signInThroughTheForm(page: Page, email: string, password: string) {
  await page.goto(`${portal.baseUrl}/auth/login?portal=customer`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** A platform authenticator (like Touch ID or Windows Hello) that Chromium emulates: it makes discoverable passkeys and verifies its user. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

test.setTimeout(180_000);

test('a customer adds a passkey in Settings → Security, signs out, and signs in with the passkey alone', async ({ page }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signInThroughTheForm(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 30_000 });

  await page.goto(`${portal.baseUrl}/app/settings/security`);
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible({ timeout: 30_000 });

  // A name is asked first; an empty one is refused here.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Please give the passkey a name.')).toBeVisible();
  await dialog.getByLabel('Passkey name').fill('Test laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const list = page.getByTestId('passkey-list');
  await expect(list.getByText('Test laptop')).toBeVisible();
  await expect(list.getByText('Not used yet')).toBeVisible();
  // The authenticator holds a discoverable credential for this site: it can sign in without an email.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  await page.screenshot({ path: '/tmp/passkeys-settings.png', fullPage: true });

  // Signed out through the menu.
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto(`${portal.baseUrl}/auth/login?portal=customer`);

  // The person's device refuses (the prompt is dismissed): a clear message, still signed out.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Passkey sign-in was cancelled. Try again, or sign in with your email and password.')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.screenshot({ path: '/tmp/passkeys-cancelled.png', fullPage: true });

  // With the passkey alone: no email, no password.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
  await expect(page.getByLabel('Email')).toHaveValue('');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 30_000 });

  // The list now says when it was last used; removing it asks first.
  await page.goto(`${portal.baseUrl}/app/settings/security`);
  await expect(list.getByText(/^Added .* · Last used /)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
});
