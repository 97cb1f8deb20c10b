import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@portal/api-client';
import { isValidElement, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireUserType } from '../auth/RequireUserType';
import { i18n } from '../i18n/i18n';
import { RootLayout } from './RootLayout';

/** What a first screen is started with, ahead of React: the restored session's user (null when signed out) and the data cache. */
export interface ScreenStart {
  user: Promise<SessionUser | null>;
  queryClient: QueryClient;
}

/** What asks for a page's first data once the session is known: a module of its own, so the requests need not wait for the page's code. */
interface FirstDataModule {
  prefetch(client: QueryClient, user: SessionUser): void;
}

/** A lazily loaded page that can be asked for ahead of React: its code, the catalogues its first render needs, and its data. */
type Page = LazyExoticComponent<ComponentType> & { preload(start?: ScreenStart): void };

function pageOf(load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[], loadFirstData?: () => Promise<FirstDataModule>): Page {
  return Object.assign(lazy(load), {
    preload: (start?: ScreenStart) => {
      // The module map keeps the one download: React's own import later finds it loaded.
      load().catch(() => undefined);
      void i18n.loadNamespaces([...namespaces]);
      if (!start || !loadFirstData) return;
      Promise.all([loadFirstData(), start.user])
        .then(([firstData, user]) => {
          if (user) firstData.prefetch(start.queryClient, user);
        })
        .catch(() => undefined);
    },
  });
}

/** A page, with the antd styles beyond the first screens' loaded beside its code: it draws once both are in. */
function page(load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[] = [], loadFirstData?: () => Promise<FirstDataModule>): Page {
  return pageOf(() => Promise.all([load(), import('./all-antd-styles')]).then(([module]) => module), namespaces, loadFirstData);
}

/**
 * A first screen (the landing page, sign-in): drawn with the first screens' styles alone, the
 * stylesheet the HTML links. The build finds what these pages can draw from this table
 * (antd-styles.cjs follows `firstScreenPage(() => import(…))`), so a component added to one of
 * them is styled without a list to keep.
 */
function firstScreenPage(load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[]): Page {
  return pageOf(load, namespaces);
}

// Every page is its own chunk: the customer's first load never carries the back office. Each
// page lives in its feature folder, beside the screens it shows (bundle-budget.json names them).
const LandingPage = firstScreenPage(() => import('../pages/LandingPage'), ['pages']);
const LoginPage = firstScreenPage(() => import('../auth/pages/LoginPage'), ['auth']);
const SignupPage = page(() => import('../auth/pages/SignupPage'), ['auth']);
const ResetPasswordPage = page(() => import('../auth/pages/ResetPasswordPage'), ['auth']);
const UpdatePasswordPage = page(() => import('../auth/pages/UpdatePasswordPage'), ['auth']);
const EmailConfirmedPage = page(() => import('../auth/pages/EmailConfirmedPage'));
const EmailChangeConfirmedPage = page(() => import('../account-settings/EmailChangeConfirmedPage'));
const EndSessionPage = page(() => import('../sessions/EndSessionPage'));
const AccessDeniedPage = page(() => import('../errors/AccessDeniedPage'));
const NotFoundPage = page(() => import('../errors/NotFoundPage'));
const PortalLayout = page(() => import('../shell/PortalLayout'), ['shell', 'notifications'], () => import('../shell/prefetch'));

const customerPages: Record<string, Page> = {
  dashboard: page(() => import('../dashboard/CustomerDashboardPage'), ['dashboard', 'money', 'kyc', 'investments'], () => import('../dashboard/prefetch')),
  investments: page(() => import('../applications/MyInvestmentsPage')),
  portfolio: page(() => import('../investments/InvestmentPortfolioPage')),
  'investment-lock': page(() => import('../money/InvestmentProtectionPage')),
  'card-requests': page(() => import('../cards/CardRequestsPage')),
  documents: page(() => import('../kyc/DocumentsPage')),
  verification: page(() => import('../kyc/VerificationPage')),
  deposit: page(() => import('../money/DepositPage')),
  withdraw: page(() => import('../money/WithdrawPage')),
  transactions: page(() => import('../money/TransactionsPage')),
  support: page(() => import('../support/SupportPage')),
  settings: page(() => import('../account-settings/AccountSettingsPage')),
  'settings/security': page(() => import('../account-settings/AccountSettingsPage')),
};

const adminPages: Record<string, Page> = {
  dashboard: page(() => import('../admin-overview/AdminDashboardPage')),
  users: page(() => import('../users/UserManagementPage')),
  kyc: page(() => import('../kyc/KycReviewPage')),
  notifications: page(() => import('../notifications/NotificationCenterPage')),
  investments: page(() => import('../applications/admin/InvestmentOversightPage')),
  transactions: page(() => import('../money/AllTransactionsPage')),
  reports: page(() => import('../reports/ReportsPage')),
  security: page(() => import('../money/SecurityDepositsPage')),
  deposits: page(() => import('../money/DepositManagementPage')),
  settings: page(() => import('../system-settings/SystemSettingsPage')),
  webhooks: page(() => import('../webhooks/WebhooksPage')),
  support: page(() => import('../support/AdminSupportPage')),
  cards: page(() => import('../cards/CardRequestsAdminPage')),
  // Issue 30's read-only customer view: the picker, then one customer's screens.
  'customer-view': page(() => import('../customer-view/CustomerViewPage')),
  'customer-view/:userId': page(() => import('../customer-view/CustomerViewPage')),
};

const pageRoutes = (pages: Record<string, Page>): RouteObject[] =>
  Object.entries(pages).map(([path, PageComponent]) => ({ path, element: <PageComponent /> }));

/**
 * Spec 01 §2 "Screens and routes". Rendered by a declarative router (<BrowserRouter> and
 * useRoutes), not a data router: the app uses no loaders or actions, and the data router
 * (createBrowserRouter) would add some 20 KB of compressed JavaScript to every first load.
 * Render errors are caught by RootLayout's boundary; it also restores scroll positions.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        path: 'auth',
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'update-password', element: <UpdatePasswordPage /> },
          { path: 'email-confirmed', element: <EmailConfirmedPage /> },
          { path: 'confirm-email-change', element: <EmailChangeConfirmedPage /> },
          { path: 'end-session', element: <EndSessionPage /> },
        ],
      },
      { path: 'access-denied', element: <AccessDeniedPage /> },
      {
        path: 'app',
        element: (
          <RequireUserType userType="customer">
            <PortalLayout />
          </RequireUserType>
        ),
        children: [
          { index: true, element: <Navigate to="/app/dashboard" replace /> },
          { path: 'withdrawal', element: <Navigate to="/app/withdraw" replace /> },
          ...pageRoutes(customerPages),
        ],
      },
      {
        path: 'admin',
        element: (
          <RequireUserType userType="admin">
            <PortalLayout />
          </RequireUserType>
        ),
        children: [{ index: true, element: <Navigate to="/admin/dashboard" replace /> }, ...pageRoutes(adminPages)],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The pages an element shows: itself, or the page a guard wraps (RequireUserType around PortalLayout). */
function pagesOf(element: ReactNode): Page[] {
  if (!isValidElement<{ children?: ReactNode }>(element)) return [];
  const type = element.type as Partial<Page>;
  if (typeof type.preload === 'function') return [type as Page];
  return pagesOf(element.props.children);
}

/**
 * Asks for the first screen's code and catalogues from the start-up script, beside the
 * session renewal: otherwise each is asked for only once React reaches it, one round trip
 * after another (a slow mobile network's 150 ms each). A page that knows its first data asks
 * for it once the session is restored. Nothing is shown from here.
 */
export function preloadScreen(pathname: string, start?: ScreenStart): void {
  for (const match of matchRoutes(routes, pathname) ?? []) for (const found of pagesOf(match.route.element)) found.preload(start);
}

/** The app's screens for the current location, inside a <BrowserRouter> (or a <MemoryRouter> in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
