import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { LoadingScreen } from '../ui/LoadingScreen';
import { useScrollRestoration } from './use-scroll-restoration';

/** Top of every route: catches render errors, waits for lazily loaded pages, restores scroll. */
export function RootLayout() {
  const { pathname } = useLocation();
  useScrollRestoration();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
