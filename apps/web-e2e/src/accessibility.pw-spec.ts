import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { BrowserContext, expect, Page, test } from '@playwright/test';
import { adminAccount, confirmedCustomer, SignedInAccount, uploadApplicationDocument } from '@portal/testing';
import { runningPortal } from './support/stack-file';

const portal = runningPortal();
// A few screens per test, each twice (light and dark) with an axe run: some seconds per screen on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** WCAG 2.2 levels A and AA, as axe tags them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
/** Every screen at a laptop's size and at a phone's, where tables scroll sideways and tabs run out of room. */
const SIZES = [
  { name: '1366×900', width: 1366, height: 900 },
  { name: '390×844', width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number];

/** A screen to check: where it is, and anything to do there first (a tab to open). */
interface Screen {
  path: string;
  label?: string;
  open?: (page: Page) => Promise<void>;
}

const PUBLIC_SCREENS: Screen[] = [
  { path: '/' },
  { path: '/auth/login?portal=customer' },
  { path: '/auth/login?portal=admin' },
  { path: '/auth/signup' },
  { path: '/auth/reset-password' },
  { path: '/auth/update-password' },
  { path: '/auth/email-confirmed' },
  { path: '/access-denied' },
  { path: '/no-such-page' },
];

/** Opens a tab of the page (settings, reports, ...) by its name. */
const tab = (name: string) => async (page: Page) => {
  // A tab that is not there (or not named so) fails this screen in seconds, not at the test's time limit.
  await page.getByRole('tab', { name, exact: true }).click({ timeout: 15_000 });
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
};

/** From the customer-view picker, opens the seeded customer's read-only view (and one of its sections). */
const viewAsCustomer = (section?: string) => async (page: Page) => {
  await page.getByLabel('Search customers by name or email').fill('Alice Ball');
  await page.getByLabel('Search customers by name or email').press('Enter');
  await page.getByRole('button', { name: 'View Alice Ball’s account as they see it' }).first().click({ timeout: 15_000 });
  await expect(page.getByText("You are viewing Alice Ball's account (read only)")).toBeVisible({ timeout: 15_000 });
  if (section) await tab(section)(page);
};

// Every route of the customer portal (app/routes.tsx), every tab of its tabbed pages, and the bell's open panel.
const CUSTOMER_SCREENS: Screen[] = [
  { path: '/app/dashboard' },
  {
    path: '/app/dashboard',
    label: 'notifications open',
    open: async (page) => {
      await page.getByRole('button', { name: /^Notifications\./ }).click();
      // The approved deposit left an unread notification: its "Mark read" button is in the panel.
      await expect(page.getByRole('button', { name: /^Mark read/ }).first()).toBeVisible();
    },
  },
  { path: '/app/investments', label: 'Personal' },
  { path: '/app/investments', label: 'Corporate', open: tab('Corporate') },
  { path: '/app/investments', label: 'GIPP', open: tab('GIPP') },
  { path: '/app/investments', label: 'Status', open: tab('Status') },
  { path: '/app/portfolio' },
  { path: '/app/investment-lock' },
  { path: '/app/card-requests' },
  { path: '/app/documents' },
  { path: '/app/verification' },
  { path: '/app/deposit' },
  { path: '/app/deposit', label: 'Payments', open: tab('Payments') },
  { path: '/app/deposit', label: 'Card Orders', open: tab('Card Orders') },
  { path: '/app/withdraw' },
  { path: '/app/transactions' },
  { path: '/app/support' },
  { path: '/app/support', label: 'Support Tickets', open: tab('Support Tickets') },
  { path: '/app/support', label: 'Quick Guide', open: tab('Quick Guide') },
  { path: '/app/settings', label: 'Profile' },
  { path: '/app/settings/security', label: 'Security' },
  { path: '/app/settings', label: 'Notifications', open: tab('Notifications') },
  { path: '/app/settings', label: 'Preferences', open: tab('Preferences') },
];

// Every route of the admin portal, and every tab of its tabbed pages.
const ADMIN_SCREENS: Screen[] = [
  { path: '/admin/dashboard' },
  { path: '/admin/users' },
  { path: '/admin/kyc' },
  { path: '/admin/notifications' },
  { path: '/admin/investments', label: 'Applications' },
  { path: '/admin/investments', label: 'Investments', open: tab('Investments') },
  { path: '/admin/transactions' },
  { path: '/admin/reports', label: 'Overview' },
  { path: '/admin/reports', label: 'Financial', open: tab('Financial') },
  { path: '/admin/reports', label: 'Users', open: tab('Users') },
  { path: '/admin/reports', label: 'Audit Logs', open: tab('Audit Logs') },
  { path: '/admin/security' },
  { path: '/admin/deposits' },
  { path: '/admin/settings', label: 'General' },
  { path: '/admin/settings', label: 'Financial', open: tab('Financial') },
  { path: '/admin/settings', label: 'Features', open: tab('Features') },
  { path: '/admin/settings', label: 'Security', open: tab('Security') },
  { path: '/admin/settings', label: 'Biometric', open: tab('Biometric') },
  { path: '/admin/settings', label: 'Roles', open: tab('Roles') },
  { path: '/admin/support' },
  { path: '/admin/cards' },
  // Issue 30's read-only customer view: the picker, then each of the seeded customer's screens.
  { path: '/admin/customer-view' },
  { path: '/admin/customer-view', label: 'Alice Ball: Dashboard', open: viewAsCustomer() },
  { path: '/admin/customer-view', label: 'Alice Ball: Investments', open: viewAsCustomer('Investments') },
  { path: '/admin/customer-view', label: 'Alice Ball: Applications', open: viewAsCustomer('Applications') },
  { path: '/admin/customer-view', label: 'Alice Ball: Transactions', open: viewAsCustomer('Transactions') },
  { path: '/admin/customer-view', label: 'Alice Ball: Tickets', open: viewAsCustomer('Tickets') },
  { path: '/admin/webhooks' },
  {
    path: '/admin/webhooks',
    label: 'add endpoint dialog',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
];

/** The theme follows the device ('system'), so switching the emulated colour scheme switches the page without a reload. */
async function followDeviceTheme(account: SignedInAccount) {
  const current = await account.api.get<{ notifications: unknown; app: Record<string, unknown>; privacy: unknown }>('/api/v1/me/preferences');
  const { notifications, app, privacy } = current.body;
  const saved = await account.api.request('PUT', '/api/v1/me/preferences', { notifications, privacy, app: { ...app, theme: 'system' } });
  expect(saved.status).toBe(200);
}

async function signIn(page: Page, email: string, password: string, portalName: 'admin' | 'customer') {
  await page.goto(`${portal.baseUrl}/auth/login?portal=${portalName}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${portalName === 'admin' ? 'admin' : 'app'}/dashboard$`), { timeout: 15_000 });
}

/** Loading indicators gone and antd's transitions over, so axe sees the colours a person sees. */
async function settle(page: Page) {
  await expect(page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForTimeout(600);
}

async function violationsOn(page: Page, screen: Screen, theme: Theme): Promise<string[]> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const where = `${screen.path}${screen.label ? ` (${screen.label})` : ''} [${theme}]`;
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${where} ${violation.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`),
  );
}

/** Each screen in light and dark; every violation listed (not only the first), so one run shows all that is left. */
async function checkScreens(page: Page, screens: Screen[]) {
  const found: string[] = [];
  for (const screen of screens) {
    await page.goto(`${portal.baseUrl}${screen.path}`);
    await settle(page);
    if (screen.open) await screen.open(page);
    for (const theme of THEMES) found.push(...(await violationsOn(page, screen, theme)));
  }
  expect(found, found.join('\n')).toEqual([]);
}

/** Screens in groups of a few, so each test stays well inside its time on a busy machine. */
function groups(screens: Screen[], size = 4): Screen[][] {
  return Array.from({ length: Math.ceil(screens.length / size) }, (_, index) => screens.slice(index * size, index * size + size));
}

const names = (screens: Screen[]) => screens.map((screen) => `${screen.path}${screen.label ? ` (${screen.label})` : ''}`).join(', ');

test.describe('public pages', () => {
  for (const size of SIZES) {
    for (const screens of groups(PUBLIC_SCREENS, 5)) {
      test(`no WCAG 2.2 A/AA violations in light and dark at ${size.name}: ${names(screens)}`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
        // Before sign-in the theme is the one remembered on the device (app/color-mode.tsx): follow the device.
        await context.addInitScript({ content: "window.localStorage.setItem('portal.theme', 'system')" });
        await checkScreens(await context.newPage(), screens);
        await context.close();
      });
    }
  }
});

/** Something in each list, made once through the API: an approved and a pending deposit, an application awaiting review and a ticket. */
async function seed() {
  const customer = await confirmedCustomer(portal.api, portal.inbox, { firstName: 'Alice', lastName: 'Ball' });
  const admin = await adminAccount(portal.api, { root: portal.root, env: portal.env });
  const deposit = (amount: number) =>
    customer.api.post<{ id: string }>(
      '/api/v1/deposits',
      { method: 'bank', amount, currency: 'USD', accountType: 'Personal', bankName: 'First Bank', bankAddress: '1 Main St' },
      { 'Idempotency-Key': randomUUID() },
    );
  const approved = await deposit(5000);
  expect(approved.status).toBe(201);
  expect((await admin.api.post(`/api/v1/admin/transactions/${approved.body.id}/approve`)).status).toBe(200);
  expect((await deposit(700)).status).toBe(201);
  const application = await customer.api.post('/api/v1/applications', {
    applicationType: 'personal',
    fullName: 'Alice Ball',
    investmentAmount: 1000,
    investmentDuration: 12,
    applicationData: { address: '1 Market Street', employment: 'Chemist', annualIncome: 90000, investmentPurpose: 'Growth', declaration: true },
    documentIds: [await uploadApplicationDocument(customer)],
  });
  expect(application.status, JSON.stringify(application.body)).toBe(201);
  const ticket = await customer.api.post('/api/v1/support/tickets', { subject: 'Statement', category: 'Payments', priority: 'medium', message: 'Where is my statement?' });
  expect(ticket.status).toBe(201);
  await followDeviceTheme(customer);
  await followDeviceTheme(admin);
  return { customer, admin };
}

/**
 * One signed-in page per portal, reused by its tests (both themes on each screen), so the
 * suite signs in once per portal rather than once per group of screens.
 */
function portalScreens(portalName: 'customer' | 'admin', screens: Screen[], size: Size) {
  test.describe(`${portalName} portal at ${size.name}`, () => {
    let context: BrowserContext;
    let page: Page;

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      const accounts = await (seeded ??= seed());
      const account = accounts[portalName];
      context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      await context.addInitScript({ content: "window.localStorage.setItem('portal.theme', 'system')" });
      page = await context.newPage();
      await signIn(page, account.email, account.password, portalName);
    });

    test.afterAll(async () => {
      await context?.close();
    });

    for (const group of groups(screens)) {
      test(`no WCAG 2.2 A/AA violations in light and dark: ${names(group)}`, async () => {
        await checkScreens(page, group);
      });
    }
  });
}

let seeded: ReturnType<typeof seed> | undefined;

for (const size of SIZES) {
  portalScreens('customer', CUSTOMER_SCREENS, size);
  portalScreens('admin', ADMIN_SCREENS, size);
}
