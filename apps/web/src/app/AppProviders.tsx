import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import type { ReactNode } from 'react';
import { AuthProvider } from '../auth/AuthProvider';
import type { SessionManager } from '../auth/session-manager';
import { FeedbackProvider } from './feedback';
import { portalTheme } from './theme';

/** Theme, toasts (useFeedback), server state and the session, around the whole app. */
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
      <FeedbackProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider session={session}>{children}</AuthProvider>
        </QueryClientProvider>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
