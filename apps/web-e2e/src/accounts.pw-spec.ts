import { expect, Page, test } from '@playwright/test';
import { adminAccount, confirmedCustomer, linkIn, uniqueEmail } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();

async function signInThroughTheForm(page: Page, email: string, password: string, portalName?: 'admin' | 'customer') {
  await page.goto(`${portal.baseUrl}/auth/login${portalName ? `?portal=${portalName}` : ''}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a visitor signs up, confirms from the emailed link and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('visitor');
  await page.goto(`${portal.baseUrl}/`);
  await page.getByRole('link', { name: /create account/i }).first().click();
  await expect(page).toHaveURL(/\/auth\/signup$/);

  await page.getByLabel('First name').fill('Katherine');
  await page.getByLabel('Last name').fill('Johnson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('orbital-7');
  await page.getByLabel('Confirm password').fill('orbital-7');
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page.getByText('Check Your Email')).toBeVisible();

  const confirmation = await portal.inbox.lastEmailTo(email, { subject: /confirm/i });
  const link = linkIn(confirmation, '/auth/email-confirmed');
  await page.goto(`${portal.baseUrl}${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByText(/Katherine/).first()).toBeVisible();
});

test('signing up with a registered email shows the same screen, creates no account and tells the owner, whose password still works', async ({ page }) => {
  const owner = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Dorothy' });
  const startedAt = Date.now();
  await page.goto(`${portal.baseUrl}/auth/signup`);
  await page.getByLabel('First name').fill('Mallory');
  await page.getByLabel('Last name').fill('Vaughan');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill('someone-else-9');
  await page.getByLabel('Confirm password').fill('someone-else-9');
  await page.getByRole('button', { name: /create account/i }).click();
  // The screen a new address gets: nothing says the address is taken.
  await expect(page.getByText('Check Your Email')).toBeVisible();
  await expect(page.getByText(/already exists/i)).toHaveCount(0);

  const told = await portal.inbox.lastEmailTo(owner.email, { subject: /tried to create an account/i, after: startedAt - 1_000 });
  expect(told.text).toContain('Hello Dorothy,');
  const signInLink = linkIn(told, '/auth/login');
  linkIn(told, '/auth/reset-password');

  // The owner follows the link and signs in with the password they always had, to their own account.
  await page.goto(`${portal.baseUrl}${signInLink.pathname}${signInLink.search}`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByText(/Dorothy/).first()).toBeVisible();
  // The password typed into the sign-up form opened nothing.
  expect((await portal.api.post('/api/v1/auth/login', { email: owner.email, password: 'someone-else-9' })).status).toBe(401);
});

test('an admin made with create-admin lands on the admin dashboard', async ({ page }) => {
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  await signInThroughTheForm(page, admin.email, admin.password, 'admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 15_000 });
});

test('a customer opening an admin page is sent to access denied with the reason', async ({ page }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox);
  await signInThroughTheForm(page, customer.email, customer.password, 'customer');
  await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 15_000 });

  await page.goto(`${portal.baseUrl}/admin/users`);
  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByText('Access denied. You do not have permission to access admin areas.')).toBeVisible();
  await expect(page.getByText('This security incident has been logged for review.')).toBeVisible();
  await expect(page.getByText('Customer users can only access customer portal features.')).toBeVisible();

  // The attempt is on record for the administrators, not just in the browser.
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  await expect
    .poll(async () => {
      const audit = await admin.api.get<{ items: { actorUserId: string; metadata: { path?: string; source?: string } }[] }>('/api/v1/admin/audit-logs');
      return audit.body.items.some((entry) => entry.actorUserId === customer.user.id && entry.metadata.path === '/admin/users' && entry.metadata.source === 'web');
    })
    .toBe(true);
});

test('six wrong passwords are answered with the too-many-attempts message', async ({ page }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox);
  await page.goto(`${portal.baseUrl}/auth/login`);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(`wrong-password-${attempt}`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
  }
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-6');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Too many login attempts. Please try again later.')).toBeVisible();
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await page.goto(`${portal.baseUrl}/no/such/page`);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});
