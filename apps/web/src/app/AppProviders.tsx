import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { AuthProvider, useAuth } from '../auth/AuthProvider';
import type { SessionManager } from '../auth/session-manager';
import { AntdLocale } from '../i18n/AntdLocale';
import { ColorModeProvider } from './color-mode';
import { FeedbackProvider } from './feedback';

// Loaded once someone signs in: it stays out of the sign-in page's first load.
const ApplyPreferences = lazy(() => import('../account-settings/ApplyPreferences').then((module) => ({ default: module.ApplyPreferences })));
const ReauthenticationHost = lazy(() => import('../reauthentication/ReauthenticationHost').then((module) => ({ default: module.ReauthenticationHost })));

/**
 * The signed-in person's saved theme, language and time zone, applied on this device; and the
 * "Confirm it's you" dialog that actions needing a recent sign-in wait on.
 */
function SignedInPreferences() {
  const { user } = useAuth();
  return user ? (
    <>
      <Suspense fallback={null}>
        <ApplyPreferences />
      </Suspense>
      {/* Its own boundary: it must be in place while the preferences are still loading. */}
      <Suspense fallback={null}>
        <ReauthenticationHost />
      </Suspense>
    </>
  ) : null;
}

/** Theme (light or dark, see color-mode), antd's locale for the app's language (src/i18n), toasts (useFeedback), server state and the session, around the whole app. */
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
    <ColorModeProvider>
      <AntdLocale>
        <FeedbackProvider>
          <QueryClientProvider client={queryClient}>
            <AuthProvider session={session}>
              <SignedInPreferences />
              {/* Until the first screen's catalogues arrive (src/i18n): nothing rather than untranslated text. */}
              <Suspense fallback={null}>{children}</Suspense>
            </AuthProvider>
          </QueryClientProvider>
        </FeedbackProvider>
      </AntdLocale>
    </ColorModeProvider>
  );
}
