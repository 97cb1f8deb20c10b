import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { LoadingScreen } from '../ui/LoadingScreen';

/** Top of every route: catches render errors and waits for lazily loaded pages. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </ErrorBoundary>
  );
}
