import { Browser, expect, Page, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { adminAccount, confirmedCustomer } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();

/** Each person in a browser of their own (separate storage, separate live connection). */
async function signedInPage(browser: Browser, email: string, password: string, portalName: 'admin' | 'customer'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${portal.baseUrl}/auth/login?portal=${portalName}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(portalName === 'admin' ? /\/admin\/dashboard$/ : /\/app\/dashboard$/, { timeout: 15_000 });
  return page;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
}

test('a customer opens a ticket, an admin in another browser sees it live and answers, the customer sees the answer and the bell rise, and a broadcast from a template reaches the bell', async ({ browser }) => {
  // Two sign-ins and an admin made with create-admin: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Dorothy' });
  const agent = await adminAccount(portal.api, { root: portal.root, env: portal.env, role: 'support' });
  const subject = `Card order ${randomUUID().slice(0, 6)}`;

  const customerPage = await signedInPage(browser, customer.email, customer.password, 'customer');
  const adminPage = await signedInPage(browser, agent.email, agent.password, 'admin');
  await adminPage.goto(`${portal.baseUrl}/admin/support`);
  await expect(adminPage.getByRole('heading', { name: 'Support Center' })).toBeVisible();
  await expect(adminPage.locator('body')).toHaveAttribute('data-live-updates', 'connected');

  await customerPage.goto(`${portal.baseUrl}/app/support`);
  await expect(customerPage.getByText('Phone support is currently unavailable.')).toBeVisible();
  await expect(customerPage.locator('body')).toHaveAttribute('data-live-updates', 'connected');
  const bell = customerPage.getByRole('button', { name: /^Notifications\./ });
  await expect(bell).toHaveAccessibleName('Notifications. You have no unread notifications.');

  await customerPage.getByRole('tab', { name: /Support Tickets/ }).click();
  // Nothing filled in: the spec's message, nothing sent.
  await customerPage.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(customerPage.getByText('Please fill in all required fields.')).toBeVisible();

  await customerPage.getByLabel('Subject').fill(subject);
  await choose(customerPage, 'Category', 'Payments');
  await choose(customerPage, 'Priority', 'High');
  await customerPage.getByRole('textbox', { name: 'Message' }).fill('My virtual card order has not arrived.');
  await customerPage.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(customerPage.getByTestId('ticket-row').filter({ hasText: subject })).toBeVisible();

  // The admin's list shows the new ticket without a reload.
  const row = adminPage.getByTestId('admin-ticket-row').filter({ hasText: subject });
  await expect(row).toBeVisible({ timeout: 5_000 });
  await row.click();
  await expect(adminPage.getByRole('button', { name: 'in progress', exact: true })).toBeEnabled();
  await adminPage.getByLabel('Response').fill('Your card is on its way.');
  await adminPage.getByRole('button', { name: 'Send Response' }).click();
  await expect(adminPage.getByRole('button', { name: 'resolved', exact: true })).toBeDisabled();

  // Within two seconds the customer's bell and ticket list show the answer.
  await expect(bell).toHaveAccessibleName('Notifications. You have 1 unread notification.', { timeout: 2_000 });
  await expect(customerPage.getByTestId('ticket-row').filter({ hasText: subject }).getByText('Support: Your card is on its way.')).toBeVisible({ timeout: 2_000 });

  await bell.click();
  await expect(customerPage.getByTestId('notification-item').filter({ hasText: 'Support ticket answered' })).toBeVisible();
  await customerPage.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications. You have no unread notifications.');
  await expect((await portal.inbox.lastEmailTo(customer.email, { subject: /support ticket has been answered/ })).subject).toBe('Your support ticket has been answered');
  await customerPage.keyboard.press('Escape');

  // The admin broadcasts the maintenance warning from its template: the customer's bell rises by one.
  await adminPage.goto(`${portal.baseUrl}/admin/notifications`);
  const maintenance = adminPage.locator('.ant-card').filter({ hasText: 'Maintenance Warning' }).last();
  await maintenance.getByRole('button', { name: 'Use template' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Send Notification' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Scheduled Maintenance');
  await dialog.getByRole('button', { name: 'Send Notification' }).click();
  await expect(adminPage.getByText(/^Notification broadcast to \d+ users$/)).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications. You have 1 unread notification.', { timeout: 2_000 });
});
