import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireUserType } from '../auth/RequireUserType';
import { RootLayout } from './RootLayout';

type Page = LazyExoticComponent<ComponentType>;

// Every page is its own chunk: the customer's first load never carries the back office.
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
  dashboard: lazy(() => import('../pages/customer/CustomerDashboardPage')),
  investments: lazy(() => import('../pages/customer/MyInvestmentsPage')),
  portfolio: lazy(() => import('../pages/customer/InvestmentPortfolioPage')),
  'investment-lock': lazy(() => import('../pages/customer/InvestmentProtectionPage')),
  'card-requests': lazy(() => import('../pages/customer/CardRequestsPage')),
  documents: lazy(() => import('../pages/customer/DocumentsPage')),
  verification: lazy(() => import('../pages/customer/VerificationPage')),
  deposit: lazy(() => import('../pages/customer/DepositPage')),
  withdraw: lazy(() => import('../pages/customer/WithdrawPage')),
  transactions: lazy(() => import('../pages/customer/TransactionsPage')),
  support: lazy(() => import('../pages/customer/SupportPage')),
  settings: lazy(() => import('../pages/customer/AccountSettingsPage')),
  'settings/security': lazy(() => import('../pages/customer/AccountSettingsPage')),
};

const adminPages: Record<string, Page> = {
  dashboard: lazy(() => import('../pages/admin/AdminDashboardPage')),
  users: lazy(() => import('../pages/admin/UserManagementPage')),
  kyc: lazy(() => import('../pages/admin/KycReviewPage')),
  notifications: lazy(() => import('../pages/admin/NotificationCenterPage')),
  investments: lazy(() => import('../pages/admin/InvestmentOversightPage')),
  transactions: lazy(() => import('../pages/admin/AllTransactionsPage')),
  reports: lazy(() => import('../pages/admin/ReportsPage')),
  security: lazy(() => import('../pages/admin/SecurityDepositsPage')),
  deposits: lazy(() => import('../pages/admin/DepositManagementPage')),
  settings: lazy(() => import('../pages/admin/SystemSettingsPage')),
  webhooks: lazy(() => import('../pages/admin/WebhooksPage')),
  support: lazy(() => import('../pages/admin/AdminSupportPage')),
  cards: lazy(() => import('../pages/admin/CardRequestsAdminPage')),
  // Issue 30's read-only customer view: the picker, then one customer's screens.
  'customer-view': lazy(() => import('../pages/admin/CustomerViewPage')),
  'customer-view/:userId': lazy(() => import('../pages/admin/CustomerViewPage')),
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
