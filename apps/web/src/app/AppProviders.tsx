import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import type { ReactNode } from 'react';
import { AuthProvider } from '../auth/AuthProvider';
import type { SessionManager } from '../auth/session-manager';
import { portalTheme } from './theme';

/** Spec 01 §4/§9: one toast at a time, shown for five seconds. */
const TOASTS = { maxCount: 1, duration: 5 } as const;

export function AppProviders({
  session,
  queryClient,
  children,
}: {
  session: SessionManager;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ConfigProvider theme={portalTheme}>
      <App notification={TOASTS} message={{ maxCount: 1 }}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider session={session}>{children}</AuthProvider>
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
