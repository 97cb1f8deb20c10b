import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingScreen } from '../ui/LoadingScreen';
import { dashboardPathFor } from './access-rules';
import { useAuth } from './AuthProvider';

/** Sends an already signed-in user to their dashboard instead of a sign-up style page. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signedIn' && user) return <Navigate to={dashboardPathFor(user.userType)} replace />;
  return children;
}
