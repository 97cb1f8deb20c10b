import { expect, Page, test } from '@playwright/test';
import { confirmedCustomer } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signInThroughTheForm(page: Page, email: string, password: string) {
  await page.goto(`${portal.baseUrl}/auth/login?portal=customer`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 30_000 });
}

test.setTimeout(180_000);

test('a customer signed in from two browsers sees both sessions and ending the other signs that browser out within seconds', async ({ browser }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox);
  const here = await browser.newContext();
  const there = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  try {
    const page = await here.newPage();
    const other = await there.newPage();
    await signInThroughTheForm(page, customer.email, customer.password);
    await signInThroughTheForm(other, customer.email, customer.password);

    await page.goto(`${portal.baseUrl}/app/settings/security`);
    const section = page.getByTestId('sessions-section');
    await expect(section.getByText('Sessions and devices', { exact: true })).toBeVisible({ timeout: 30_000 });
    // The confirmation link's session (signed in by the API) aside, the two browsers.
    const rows = section.getByTestId('session-row');
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    const otherRow = rows.filter({ hasText: 'Firefox 133, Windows 10' });
    await expect(otherRow).toHaveCount(1);
    await expect(rows).toHaveCount(3);
    await expect(otherRow.getByText(/^Address: /)).toBeVisible();
    await expect(otherRow.getByText(/^First seen .* · Last seen /)).toBeVisible();
    await page.screenshot({ path: '/tmp/sessions-list.png', fullPage: true });

    // The other browser is on its dashboard with its live updates open; ending its session signs it out.
    await otherRow.getByRole('button', { name: 'End the session on Firefox 133, Windows 10' }).click();
    const confirmation = page.getByRole('dialog').filter({ hasText: 'End this session?' });
    await expect(confirmation.getByText('Firefox 133, Windows 10 (')).toBeVisible();
    const endedAt = Date.now();
    await confirmation.getByRole('button', { name: 'End', exact: true }).click();
    await expect(page.getByText('That browser has been signed out.')).toBeVisible();
    await expect(other).toHaveURL(/\/auth\/login/, { timeout: 3_000 });
    expect(Date.now() - endedAt).toBeLessThan(3_000);
    await expect(rows).toHaveCount(2);

    // This browser stays signed in; "End all other sessions" ends the last other one after a confirmation.
    await section.getByRole('button', { name: 'End all other sessions' }).click();
    const all = page.getByRole('dialog').filter({ hasText: 'End all other sessions?' });
    await expect(all.getByText('1 other session will be signed out at once. This device stays signed in.')).toBeVisible();
    await all.getByRole('button', { name: 'End all other sessions' }).click();
    await expect(page.getByText('1 other session was ended.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(section.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();
    expect((await customer.api.get('/api/v1/me')).status).toBe(401);
    await expect(page).toHaveURL(/\/app\/settings\/security$/);
  } finally {
    await here.close();
    await there.close();
  }
});

test('the new sign-in email’s link ends that session from a page that needs no sign-in', async ({ browser }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox);
  const known = await browser.newContext();
  const intruder = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  try {
    await signInThroughTheForm(await known.newPage(), customer.email, customer.password);
    const since = Date.now() - 1_000;
    const intruderPage = await intruder.newPage();
    await signInThroughTheForm(intruderPage, customer.email, customer.password);
    const email = await portal.inbox.lastEmailTo(customer.email, { subject: /new sign-in/i, after: since });
    const link = /https?:\/\/[^\s"<>]+\/auth\/end-session\?token=[A-Za-z0-9_-]+/.exec(`${email.text ?? ''} ${email.html ?? ''}`)?.[0];
    expect(link).toBeDefined();

    const page = await (await browser.newContext()).newPage();
    await page.goto(`${portal.baseUrl}${new URL(link as string).pathname}${new URL(link as string).search}`);
    await expect(page.getByText('End the session of that sign-in?')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'End that session' }).click();
    await expect(page.getByText('The session was ended')).toBeVisible();
    await expect(intruderPage).toHaveURL(/\/auth\/login/, { timeout: 3_000 });
    await page.screenshot({ path: '/tmp/sessions-end-link.png', fullPage: true });
    await page.context().close();
  } finally {
    await known.close();
    await intruder.close();
  }
});
