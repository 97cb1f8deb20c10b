import { randomUUID } from 'node:crypto';
import { expect, Locator, Page, test } from '@playwright/test';
import { adminAccount, confirmedCustomer, samplePdf, SignedInAccount, uploadApplicationDocument } from '@portal/testing';
import { runningPortal } from './support/stack-file';

/*
 * Issue 30: the money journeys and an admin decision with the keyboard alone (WCAG 2.1.1), the focus
 * always visible (2.4.7). The page is driven only by page.keyboard; locators only look (is this the
 * focused element?). An address typed in the browser's bar is a keyboard action too: page.goto.
 */

const portal = runningPortal();
// Set-up through the API, a sign-in and a form per test: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === element.ownerDocument.activeElement, undefined, { timeout: 2_000 }).catch(() => false);

/**
 * The focused element shows that it has the focus: an outline or a ring (box-shadow) on it, or on the
 * control that draws it (antd's select, input with an icon, radio and checkbox draw the ring around the input).
 * Run in the page (as text: this project's Node types have no DOM).
 */
const FOCUS_SEEN = `(() => {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return { visible: false, what: 'nothing focused' };
  const wrapper = focused.closest('.ant-select, .ant-input-affix-wrapper, .ant-input-number, .ant-picker, .ant-radio-wrapper, .ant-checkbox-wrapper, .ant-radio-button-wrapper');
  const drawn = [focused, wrapper, wrapper && wrapper.querySelector('.ant-radio-inner, .ant-checkbox-inner')].filter(Boolean);
  const visible = drawn.some((element) => {
    const style = getComputedStyle(element);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });
  const name = (focused.getAttribute('aria-label') || focused.textContent || '').trim().slice(0, 40);
  return { visible, what: focused.tagName.toLowerCase() + (focused.id ? '#' + focused.id : '') + ' "' + name + '"' };
})()`;

async function expectVisibleFocus(page: Page, trail: string[] = []) {
  const seen = (await page.evaluate(FOCUS_SEEN)) as { visible: boolean; what: string };
  trail.push(seen.what);
  // The way the focus went comes with a failure: where it was lost, or what was skipped.
  expect(seen.visible, `no visible focus indicator on ${seen.what}; the focus went: ${trail.join(' → ')}`).toBe(true);
}

/** Presses a key (Tab, Shift+Tab, an arrow) until `target` has the focus, checking each stop shows its focus. */
async function moveTo(page: Page, target: Locator, key = 'Tab', limit = 80) {
  await expect(target).toBeAttached();
  const trail: string[] = [];
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page, trail);
    if (await isFocused(target)) return;
  }
  throw new Error(`${limit} presses of ${key} did not reach ${target}; the focus went: ${trail.join(' → ')}`);
}

/** Tab to a field and type into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await moveTo(page, field);
  await page.keyboard.type(text);
}

/** The sign-in form by keyboard: Tab to the email, type, Tab to the password, type, Enter. */
async function signIn(page: Page, account: SignedInAccount, portalName: 'admin' | 'customer') {
  await page.goto(`${portal.baseUrl}/auth/login?portal=${portalName}`);
  await typeInto(page, page.getByLabel('Email'), account.email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/${portalName === 'admin' ? 'admin' : 'app'}/dashboard$`), { timeout: 15_000 });
}

/** The sidebar: Tab into the menu, arrow down to the entry, Enter. */
async function openFromMenu(page: Page, name: string, path: string) {
  const menu = page.getByRole('navigation').getByRole('menu');
  await moveTo(page, menu);
  await moveTo(page, menu.getByRole('menuitem', { name }), 'ArrowDown', 20);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function fundedCustomer(firstName: string, lastName: string) {
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName, lastName });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const deposit = await customer.api.post<{ id: string }>(
    '/api/v1/deposits',
    { method: 'bank', amount: 5000, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(deposit.status).toBe(201);
  expect((await admin.api.post(`/api/v1/admin/transactions/${deposit.body.id}/approve`)).status).toBe(200);
  return { customer, admin };
}

test('a customer makes a deposit request with the keyboard alone', async ({ page }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Ada', lastName: 'Keys' });
  await signIn(page, customer, 'customer');
  await openFromMenu(page, 'Deposit', '/app/deposit');

  await typeInto(page, page.locator('#bankDeposit_amount'), '2500');
  // The account type by arrow keys: open the list, down to the second type, Enter.
  await moveTo(page, page.locator('#bankDeposit_accountType'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Corporate / Business' })).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await typeInto(page, page.locator('#bankDeposit_bankName'), 'First Bank');
  await typeInto(page, page.locator('#bankDeposit_bankAddress'), '1 Main St');
  await moveTo(page, page.getByRole('button', { name: 'Submit Deposit Request' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Deposit Request Submitted')).toBeVisible();

  const own = await customer.api.get<{ items: { type: string; status: string; amount: string; metadata?: Record<string, unknown> }[] }>('/api/v1/transactions');
  expect(own.body.items).toEqual([expect.objectContaining({ type: 'deposit', status: 'pending' })]);
});

test('a customer requests a withdrawal with the keyboard alone', async ({ page }) => {
  const { customer } = await fundedCustomer('Grace', 'Keys');
  await signIn(page, customer, 'customer');
  await openFromMenu(page, 'Withdraw', '/app/withdraw');
  await expect(page.getByText('Available balance: $5,000.00')).toBeVisible();

  await typeInto(page, page.locator('#withdrawal_accountName'), 'Grace Keys');
  await typeInto(page, page.locator('#withdrawal_accountNumber'), 'GB82 WEST 1234 5698 7654 32');
  await typeInto(page, page.locator('#withdrawal_bankName'), 'First Bank');
  await typeInto(page, page.locator('#withdrawal_swiftCode'), 'DEUTDEFF');
  await typeInto(page, page.locator('#withdrawal_bankBranchAddress'), '1 Main St');
  await typeInto(page, page.locator('#withdrawal_amount'), '1200');
  await moveTo(page, page.getByRole('button', { name: 'Request Withdrawal' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Request Received')).toBeVisible();
  await expect(page.getByText(/held for pending withdrawals: \$1,200\.00/)).toBeVisible();
});

test('a customer pays an investment from the balance with the keyboard alone', async ({ page }) => {
  const { customer, admin } = await fundedCustomer('Katherine', 'Keys');
  const submitted = await customer.api.post<{ id: string }>('/api/v1/applications', {
    applicationType: 'personal',
    fullName: 'Katherine Keys',
    investmentAmount: 2000,
    investmentDuration: 12,
    applicationData: { address: '1 Market Street', employment: 'Engineer', annualIncome: 90000, investmentPurpose: 'Growth', declaration: true },
    documentIds: [await uploadApplicationDocument(customer)],
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  expect((await admin.api.post(`/api/v1/admin/applications/${submitted.body.id}/review`, { decision: 'approved', note: 'Welcome' })).status).toBe(200);
  // The ledger opens the investment from the approval's event.
  await expect(async () => {
    const investments = await customer.api.get<{ items: { status: string }[] }>('/api/v1/investments');
    expect(investments.body.items).toEqual([expect.objectContaining({ status: 'awaiting_funding' })]);
  }).toPass({ timeout: 30_000 });

  await signIn(page, customer, 'customer');
  await openFromMenu(page, 'Deposit', '/app/deposit');
  // The page's tabs: Tab to the selected one, arrow right to Payments, Enter. A focused tab's name
  // starts with where it is ("Tab 1 of 5", antd's announcement), so the names are matched at their end.
  await moveTo(page, page.getByRole('tab', { name: /Deposits$/ }));
  await moveTo(page, page.getByRole('tab', { name: /Payments$/ }), 'ArrowRight', 5);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /Payments$/ })).toHaveAttribute('aria-selected', 'true');

  // The only investment to pay is chosen and its amount filled in; the balance is picked with the arrow keys.
  await expect(page.locator('#investmentPayment_amount')).toHaveValue('2000.00');
  const fromBalance = page.getByRole('radio', { name: /^From my available balance/ });
  await moveTo(page, page.getByRole('radio', { checked: true }));
  if (!(await isFocused(fromBalance))) {
    await moveTo(page, fromBalance, 'ArrowDown', 4);
  }
  await expect(fromBalance).toBeChecked();
  await moveTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(dialog).toBeVisible();
  await moveTo(page, dialog.getByRole('button', { name: 'Confirm Payment' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment Completed')).toBeVisible();
});

test('a customer submits an investment application with the keyboard alone', async ({ page }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Mary', lastName: 'Keys' });
  await signIn(page, customer, 'customer');
  await openFromMenu(page, 'My Investments', '/app/investments');
  await expect(page.getByRole('tab', { name: 'Personal', exact: true })).toHaveAttribute('aria-selected', 'true');

  await typeInto(page, page.locator('#personalApplication_fullName'), 'Mary Keys');
  await typeInto(page, page.locator('#personalApplication_employment'), 'Engineer');
  await typeInto(page, page.locator('#personalApplication_address'), '1 Market Street');
  await typeInto(page, page.locator('#personalApplication_investmentAmount'), '2000');
  // The duration by arrow keys: open the list, the first option is active, Enter.
  await moveTo(page, page.locator('#personalApplication_investmentDuration'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option').first()).toBeAttached();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: /months?/ }).first()).toBeVisible();
  await typeInto(page, page.locator('#personalApplication_annualIncome'), '90000');
  await typeInto(page, page.locator('#personalApplication_investmentPurpose'), 'Growth');

  // The ID: Enter on its "Choose file" button opens the system's file dialog, answered here.
  const idSlot = page.getByText('Government-issued ID', { exact: true }).locator('xpath=ancestor::div[1]');
  await moveTo(page, idSlot.getByRole('button', { name: /Choose file/ }));
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: samplePdf() });
  await expect(idSlot).toContainText('passport.pdf');

  // The declaration by Space, then Enter on the submit button.
  const declaration = page.getByRole('checkbox', { name: /I declare that all documents/ });
  await moveTo(page, declaration);
  await page.keyboard.press('Space');
  await expect(declaration).toBeChecked();
  await moveTo(page, page.getByRole('button', { name: 'Submit Personal Application' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Application Submitted Successfully')).toBeVisible();

  const own = await customer.api.get<{ items: { status: string; fullName: string }[] }>('/api/v1/applications');
  expect(own.body.items).toEqual([expect.objectContaining({ status: 'pending', fullName: 'Mary Keys' })]);
});

test('an admin approves a deposit with the keyboard alone', async ({ page }) => {
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Hedy', lastName: 'Keyboard' });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const deposit = await customer.api.post<{ id: string }>(
    '/api/v1/deposits',
    { method: 'bank', amount: 1500, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(deposit.status).toBe(201);

  await signIn(page, admin, 'admin');
  await openFromMenu(page, 'Deposit Management', '/admin/deposits');
  await typeInto(page, page.getByPlaceholder('Search client, email, reference or description'), 'keyboard');
  await page.keyboard.press('Enter');
  const row = page.getByRole('row', { name: /Hedy Keyboard/ });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  await moveTo(page, row.getByRole('button', { name: 'Approve', exact: true }));
  await page.keyboard.press('Enter');
  // A confirmation of the decision, when the page asks for one: Tab to its confirming button, Enter.
  const dialog = page.getByRole('dialog');
  const approved = page.getByText(/is now completed/);
  await expect(dialog.or(approved).first()).toBeVisible();
  if (await dialog.isVisible()) {
    await moveTo(page, dialog.getByRole('button', { name: /Approve|Confirm/ }).last());
    await page.keyboard.press('Enter');
  }
  await expect(approved).toBeVisible();
  const after = await customer.api.get<{ items: { status: string }[] }>('/api/v1/transactions');
  expect(after.body.items).toEqual([expect.objectContaining({ status: 'completed' })]);
});
