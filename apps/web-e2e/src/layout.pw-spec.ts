import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Locator, type Page, test } from '@playwright/test';
import { adminAccount, confirmedCustomer } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();
// Two people, several screens at two sizes: more than the default minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** Where the screenshots of the walk are kept, to be looked at (issue 30's "done when"). */
const SHOTS = process.env.LAYOUT_SHOTS_DIR ?? 'test-results/layout-shots';
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signIn(browser: Browser, viewport: { width: number; height: number }, email: string, password: string, portalName: 'admin' | 'customer'): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${portal.baseUrl}/auth/login?portal=${portalName}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${portalName === 'admin' ? 'admin' : 'app'}/dashboard$`), { timeout: 15_000 });
  return page;
}

/** Every amount in an answer ("10.00") made 123,456,789,012.34, every count 123,456,789: the largest a card may have to show. */
function huge(value: unknown): unknown {
  if (typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value)) return '123456789012.34';
  if (typeof value === 'number' && Number.isInteger(value)) return 123_456_789;
  if (Array.isArray(value)) return value.map(huge);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, huge(entry)]));
  return value;
}

async function withHugeFigures(page: Page, pattern: string | RegExp): Promise<void> {
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: huge(await response.json()) });
  });
}

/** The element lies inside the viewport's width: nothing to scroll sideways to reach it. */
async function expectWithinWidth(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width, `${JSON.stringify(box)} within ${width}`).toBe(true);
}

/**
 * Each stat figure ends inside its card, its box does not overflow (scrollWidth within
 * clientWidth), and no number in it is broken across lines (a figure may wrap only between
 * a currency and its digits or between amounts).
 */
async function expectFiguresInsideCards(page: Page): Promise<void> {
  const figures = page.locator('.ant-card .ant-statistic-content');
  await expect(figures.first()).toBeVisible();
  const problems = await figures.evaluateAll((elements) =>
    elements.flatMap((element) => {
      const page = element.ownerDocument;
      const card = element.closest('.ant-card');
      const value = element.querySelector('.ant-statistic-content-value') ?? element;
      const found: string[] = [];
      if (!card || value.getBoundingClientRect().right > card.getBoundingClientRect().right + 0.5) found.push('ends outside its card');
      for (const box of [element.closest('.ant-statistic'), element]) if (box && box.scrollWidth > box.clientWidth) found.push(`overflows (${box.scrollWidth} > ${box.clientWidth})`);
      // Every number (digits with their separators) lies on one line: all its characters' boxes share a top.
      const walker = page.createTreeWalker(value, 4 /* NodeFilter.SHOW_TEXT */);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const number of (text.textContent ?? '').matchAll(/\d[\d.,]*\d/g)) {
          const tops = new Set<number>();
          for (let index = number.index; index < number.index + number[0].length; index++) {
            const range = page.createRange();
            range.setStart(text, index);
            range.setEnd(text, index + 1);
            tops.add(Math.round(range.getBoundingClientRect().top));
          }
          if (tops.size > 1) found.push(`breaks ${number[0]} across lines`);
        }
      }
      return found.map((problem) => `${element.textContent}: ${problem}`);
    }),
  );
  expect(problems).toEqual([]);
}

test('admin tables keep Approve and Reject in view at 1366 px, large totals stay in their cards, and a phone shows the customer’s transactions as cards', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Grace', lastName: `Layout${randomUUID().slice(0, 6)}` });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const deposit = { method: 'bank', amount: 2500, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' };
  expect((await customer.api.post('/api/v1/deposits', deposit, { 'Idempotency-Key': randomUUID() })).status).toBe(201);

  // At 1366 px the pending deposit's decisions are in view in both money tables, with no sideways scroll.
  const adminPage = await signIn(browser, LAPTOP, admin.email, admin.password, 'admin');
  await withHugeFigures(adminPage, '**/api/v1/admin/transactions/stats');
  for (const screen of ['transactions', 'deposits']) {
    await adminPage.goto(`${portal.baseUrl}/admin/${screen}`);
    const search = adminPage.getByPlaceholder('Search client, email, reference or description');
    await search.fill(customer.email);
    await search.press('Enter');
    const row = adminPage.getByRole('row', { name: new RegExp(customer.email) });
    await expect(row).toBeVisible();
    await adminPage.screenshot({ path: `${SHOTS}/admin-${screen}-1366.png`, fullPage: true });
    await expectWithinWidth(adminPage, row.getByRole('button', { name: 'Approve' }));
    await expectWithinWidth(adminPage, row.getByRole('button', { name: 'Reject' }));
    await expectWithinWidth(adminPage, row.getByRole('button', { name: 'View Details' }));
    await expect(adminPage.getByText('$123,456,789,012.34').first()).toBeVisible();
    await expectFiguresInsideCards(adminPage);
  }
  // The Reports charts with the largest figures: no axis label cut off at the chart's edge; each chart has its table.
  await withHugeFigures(adminPage, /\/api\/v1\/admin\/reports(\?|$)/);
  await adminPage.goto(`${portal.baseUrl}/admin/reports`);
  await expect(adminPage.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
  const clipped = await adminPage.locator('.recharts-cartesian-axis-tick-value').evaluateAll((ticks) =>
    ticks
      .filter((tick) => {
        const chart = tick.closest('svg')?.getBoundingClientRect();
        const label = tick.getBoundingClientRect();
        return !chart || label.left < chart.left - 0.5 || label.right > chart.right + 0.5;
      })
      .map((tick) => tick.textContent),
  );
  expect(clipped).toEqual([]);
  await adminPage.getByRole('button', { name: 'Show as table' }).first().click();
  await expect(adminPage.getByRole('table', { name: 'Activity per day' })).toBeVisible();
  await adminPage.screenshot({ path: `${SHOTS}/admin-reports-1366.png`, fullPage: true });

  const adminPhone = await signIn(browser, PHONE, admin.email, admin.password, 'admin');
  await withHugeFigures(adminPhone, '**/api/v1/admin/transactions/stats');
  await adminPhone.goto(`${portal.baseUrl}/admin/deposits`);
  // On a phone each deposit is a card, its decisions in view without scrolling sideways.
  const depositCard = adminPhone.locator('.responsive-cards > li').filter({ hasText: customer.email }).first();
  await expectWithinWidth(adminPhone, depositCard.getByRole('button', { name: 'Approve' }));
  await expectWithinWidth(adminPhone, depositCard.getByRole('button', { name: 'Reject' }));
  await expect(adminPhone.getByText('$123,456,789,012.34').first()).toBeVisible();
  await expectFiguresInsideCards(adminPhone);
  await adminPhone.screenshot({ path: `${SHOTS}/admin-deposits-390.png`, fullPage: true });

  // The customer's dashboard with the largest figures, on a laptop and a phone.
  for (const [name, viewport] of [['1366', LAPTOP], ['390', PHONE]] as const) {
    const page = await signIn(browser, viewport, customer.email, customer.password, 'customer');
    await withHugeFigures(page, /\/api\/v1\/balance(\?|$)/);
    await page.reload();
    await expect(page.getByText('$123,456,789,012.34').first()).toBeVisible();
    await expectFiguresInsideCards(page);
    await page.screenshot({ path: `${SHOTS}/customer-dashboard-${name}.png`, fullPage: true });
    if (name === '390') {
      // On a phone each transaction is a card, its View Details in view.
      await page.goto(`${portal.baseUrl}/app/transactions`);
      const card = page.locator('.responsive-cards > li').filter({ hasText: 'Deposit' }).first();
      await expectWithinWidth(page, card.getByRole('button', { name: 'View Details' }));
      await page.screenshot({ path: `${SHOTS}/customer-transactions-390.png`, fullPage: true });
      // The other customer lists on a phone, to be looked at.
      for (const screen of ['investments', 'card-requests', 'documents', 'support']) {
        await page.goto(`${portal.baseUrl}/app/${screen}`);
        await expect(page.locator('#page-title')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${SHOTS}/customer-${screen}-390.png`, fullPage: true });
      }
    }
  }
});

test('every admin table keeps its Actions column in view at 1366 px', async ({ browser }) => {
  // A row in some of them: a customer with a deposit and a ticket.
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Ada', lastName: `Tables${randomUUID().slice(0, 6)}` });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const deposit = { method: 'bank', amount: 700, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' };
  expect((await customer.api.post('/api/v1/deposits', deposit, { 'Idempotency-Key': randomUUID() })).status).toBe(201);
  expect((await customer.api.post('/api/v1/support/tickets', { subject: 'Statement question', category: 'Payments', priority: 'medium', message: 'Where is my statement?' })).status).toBe(201);

  const page = await signIn(browser, LAPTOP, admin.email, admin.password, 'admin');
  const screens: { path: string; tab?: string }[] = [
    { path: '/admin/users' },
    { path: '/admin/kyc' },
    // (The applications to review and the support tickets are lists with their actions in each item, not tables.)
    { path: '/admin/investments', tab: 'Investments' },
    { path: '/admin/transactions' },
    { path: '/admin/deposits' },
    { path: '/admin/cards' },
    { path: '/admin/webhooks' },
  ];
  const checked: string[] = [];
  for (const screen of screens) {
    await page.goto(`${portal.baseUrl}${screen.path}`);
    if (screen.tab) await page.getByRole('tab', { name: screen.tab, exact: true }).click({ timeout: 15_000 });
    const header = page.getByRole('columnheader', { name: /^Actions?$/ }).first();
    await expect(header, `${screen.path} ${screen.tab ?? ''}: an Actions column`).toBeVisible({ timeout: 15_000 });
    await expectWithinWidth(page, header);
    checked.push(`${screen.path}${screen.tab ? ` (${screen.tab})` : ''}`);
  }
  expect(checked).toHaveLength(screens.length);
});
