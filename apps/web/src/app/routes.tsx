import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireUserType } from '../auth/RequireUserType';
import { RootLayout } from './RootLayout';

type Page = LazyExoticComponent<ComponentType>;

// Every page is its own chunk: the customer's first load never carries the back office. Each
// page lives in its feature folder, beside the screens it shows (bundle-budget.json names them).
const LandingPage = lazy(() => import('../pages/LandingPage'));
const LoginPage = lazy(() => import('../auth/pages/LoginPage'));
const SignupPage = lazy(() => import('../auth/pages/SignupPage'));
const ResetPasswordPage = lazy(() => import('../auth/pages/ResetPasswordPage'));
const UpdatePasswordPage = lazy(() => import('../auth/pages/UpdatePasswordPage'));
const EmailConfirmedPage = lazy(() => import('../auth/pages/EmailConfirmedPage'));
const EmailChangeConfirmedPage = lazy(() => import('../account-settings/EmailChangeConfirmedPage'));
const EndSessionPage = lazy(() => import('../sessions/EndSessionPage'));
const AccessDeniedPage = lazy(() => import('../errors/AccessDeniedPage'));
const NotFoundPage = lazy(() => import('../errors/NotFoundPage'));
const PortalLayout = lazy(() => import('../shell/PortalLayout'));

const customerPages: Record<string, Page> = {
  dashboard: lazy(() => import('../dashboard/CustomerDashboardPage')),
  investments: lazy(() => import('../applications/MyInvestmentsPage')),
  portfolio: lazy(() => import('../investments/InvestmentPortfolioPage')),
  'investment-lock': lazy(() => import('../money/InvestmentProtectionPage')),
  'card-requests': lazy(() => import('../cards/CardRequestsPage')),
  documents: lazy(() => import('../kyc/DocumentsPage')),
  verification: lazy(() => import('../kyc/VerificationPage')),
  deposit: lazy(() => import('../money/DepositPage')),
  withdraw: lazy(() => import('../money/WithdrawPage')),
  transactions: lazy(() => import('../money/TransactionsPage')),
  support: lazy(() => import('../support/SupportPage')),
  settings: lazy(() => import('../account-settings/AccountSettingsPage')),
  'settings/security': lazy(() => import('../account-settings/AccountSettingsPage')),
};

const adminPages: Record<string, Page> = {
  dashboard: lazy(() => import('../admin-overview/AdminDashboardPage')),
  users: lazy(() => import('../users/UserManagementPage')),
  kyc: lazy(() => import('../kyc/KycReviewPage')),
  notifications: lazy(() => import('../notifications/NotificationCenterPage')),
  investments: lazy(() => import('../applications/admin/InvestmentOversightPage')),
  transactions: lazy(() => import('../money/AllTransactionsPage')),
  reports: lazy(() => import('../reports/ReportsPage')),
  security: lazy(() => import('../money/SecurityDepositsPage')),
  deposits: lazy(() => import('../money/DepositManagementPage')),
  settings: lazy(() => import('../system-settings/SystemSettingsPage')),
  webhooks: lazy(() => import('../webhooks/WebhooksPage')),
  support: lazy(() => import('../support/AdminSupportPage')),
  cards: lazy(() => import('../cards/CardRequestsAdminPage')),
  // Issue 30's read-only customer view: the picker, then one customer's screens.
  'customer-view': lazy(() => import('../customer-view/CustomerViewPage')),
  'customer-view/:userId': lazy(() => import('../customer-view/CustomerViewPage')),
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

/** The app's screens for the current location, inside a <BrowserRouter> (or a <MemoryRouter> in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
